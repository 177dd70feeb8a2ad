"""What the tests share: independent checkers, the command line's runner, move and format
strategies, QR reading, the browser's helpers.  Test modules import from here, never from each
other (nor from conftest.py, which only holds fixtures)."""
