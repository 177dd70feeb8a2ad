"""What build.py does, one job a module: the tools of the repository, never shipped in the wheel."""
