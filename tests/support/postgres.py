"""A PostgreSQL of the tests' own: Debian's server programs (build.py test installs them), a new
cluster in a temporary folder on a free port, trusted on loopback, removed afterwards.  As root
(CI), the cluster runs as the postgres user, which the server requires."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from pento_build.environment import postgres_bin
from support.class_server import free_port


class Postgres:
    """A running PostgreSQL; ``url`` its database for the class server."""

    def __init__(self) -> None:
        programs = postgres_bin()
        assert programs is not None, "PostgreSQL's server programs are missing (build.py test installs them)"
        self.bin = programs
        self.folder = Path(tempfile.mkdtemp(prefix="pento-pg-"))
        self.folder.chmod(0o755)
        self.data = self.folder / "data"
        self.data.mkdir()
        self.as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self.as_user:
            for path in (self.folder, self.data):  # its socket goes in the folder, its cluster in data
                shutil.chown(path, "postgres", "postgres")
        self.port = free_port()
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "pento", "--no-sync")
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-w", "-s", "-l", str(self.data / "log"), "start")
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "pento", "pento")
        self.url = f"postgresql://pento@127.0.0.1:{self.port}/pento"

    def _run(self, program: str, *args: str) -> None:
        done = subprocess.run([*self.as_user, str(self.bin / program), *args], capture_output=True, text=True)
        assert done.returncode == 0, f"{program}: {done.stderr[-800:]}"

    def close(self) -> None:
        subprocess.run([*self.as_user, str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-s", "stop"])
        shutil.rmtree(self.folder, ignore_errors=True)
