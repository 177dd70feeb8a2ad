"""Pento's class server: a live lesson on a server the school runs itself (issue 48).

``python3 -m pento_class serve --data DIR [--port P] [--host H] [--db URL]`` serves the built site
and, beside it, the class API (:mod:`pento_class.app`): a teacher starts a session from an
assignment and gets a 6-digit PIN, pupils join with it and a name, and each pupil's work is sent as
it happens, checked with the same :mod:`pento_core` the page runs before it counts, kept in SQLite
(:mod:`pento_class.store`), and shown to the teacher live (server-sent events).

The core never imports this package: the page, which runs the core, needs no server at all.
"""

__all__ = ["__version__"]

__version__ = "0.1.0"
