"""Tangram: exact numbers a + b√2 (number.py); the tans, outlines and silhouettes are the next steps."""
