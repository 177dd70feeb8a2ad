"""What the engine keeps on a device (web/engine/kept.js), read from a page of the site: its
snapshots, files of the origin's private file system, by name (one being written, ``.part`` and the
browser's ``.crswap``, left out)."""

from __future__ import annotations


def _names(folder: str) -> str:
    return (
        f"navigator.storage.getDirectory().then(r => r.getDirectoryHandle('{folder}')).then(async d => {{"
        " const names = []; for await (const [name] of d.entries())"
        " if (!/[.](part|crswap)$/.test(name)) names.push(name); return names.sort(); }).catch(() => [])"
    )


# the engine's snapshots (this build's only, once kept): ["engine-snapshot-BUILD"]
SNAPSHOTS = _names("pento.engine")
# and their sizes in bytes
SNAPSHOT_SIZES = (
    "navigator.storage.getDirectory().then(r => r.getDirectoryHandle('pento.engine')).then(async d => {"
    " const sizes = []; for await (const [name, file] of d.entries())"
    " if (!/[.](part|crswap)$/.test(name)) sizes.push((await file.getFile()).size); return sizes; })"
)
