"""What the engine keeps on a device (web/engine/kept.js), read from a page of the site: its
snapshots, files of the origin's private file system, by name (one being written, ``.part`` and the
browser's ``.crswap``, left out)."""

from __future__ import annotations


def _each_snapshot(what: str, sort: str = "") -> str:
    """A JS expression: ``what`` (an expression of ``name`` and ``file``, awaited) for each snapshot
    file, as a list (empty where there is no folder of snapshots)."""
    return (
        "navigator.storage.getDirectory().then(r => r.getDirectoryHandle('pento.engine')).then(async d => {"
        " const out = []; for await (const [name, file] of d.entries())"
        f" if (!/[.](part|crswap)$/.test(name)) out.push(await ({what})); return out{sort}; }}).catch(() => [])"
    )


# the engine's snapshots (this build's only, once kept): ["engine-snapshot-BUILD"]
SNAPSHOTS = _each_snapshot("name", ".sort()")
# and their sizes in bytes
SNAPSHOT_SIZES = _each_snapshot("file.getFile().then(f => f.size)")
