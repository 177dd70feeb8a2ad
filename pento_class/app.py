"""The class server's HTTP side: the class API and the built site, as one Starlette app.

The API (issue 48, "exactly so"; every body JSON, every token a bearer):

* ``POST /api/sessions`` ``{"assignment": LINK}`` (a ``#assign:`` link or any one-puzzle link)
  -> ``201 {"session", "pin", "teacher_token"}``;
* ``POST /api/join`` ``{"pin", "name"}`` -> ``200 {"pupil_token"}``; 404 for a PIN no open session
  has, 429 once a client has guessed wrong too often;
* ``POST /api/work`` (a pupil's bearer) ``{"item", "event", "solved", "tenths", "hints", "solves",
  "state"}`` -> ``200 {"accepted", "reason"?}``: a solution is checked with pento_core before it
  counts; an event id sent again counts once (the first verdict is the answer);
* ``GET /api/sessions/ID/results`` (the teacher's bearer) -> ``200 {"rows": [{"name", "items":
  [{"solved", "tenths", "hints", "solves"}]}]}``; 401 without a token, 403 with another's;
* ``GET /api/sessions/ID/events`` (the teacher's bearer): server-sent events, one ``data:`` line
  of JSON for each pupil who joins (``{"type": "join", "name"}``) and each piece of work kept
  (``{"type": "work", "name", "item", "solved", "tenths", "hints", "solves", "accepted"}``);
* ``POST /api/sessions/ID/end`` (the teacher's bearer) -> ``200 {}``: the PIN stops working.

And for the page (web/screens/join.js, web/screens/board.js): ``POST /api/lookup`` ``{"pin"}`` ->
``{"title", "roster"}`` (the names a pupil picks from; wrong PINs counted as for joining); ``GET
/api/lesson`` (a pupil's bearer) -> ``{"assignment", "name", "ended"}``; ``GET /api/sessions/ID``
(the teacher's bearer) -> ``{"session", "pin", "assignment", "ended"}``; ``/join`` and ``/board``
lead to the page's join and board screens.

Bounds: a request body of at most 64 kB (413), a client's wrong PINs, sessions made and a pupil's
work each limited per minute (429). Every reply says why in ``{"error": TEXT}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections import defaultdict, deque
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any, cast

from anyio import to_thread
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from pento_build.serving import PAGE_CSP, WORKER_CSP
from pento_core import links
from pento_core.classroom import assignment
from pento_core.classroom.race import MAX_TENTHS, RaceCodeError, check_name, new_race_id
from pento_core.errors import PentoError
from pento_core.limits import MAX_STATE

from .store import Event, Store

MAX_BODY = 64 * 1024  # bytes of a request's body
MAX_COUNT = 999  # hints or solves on one puzzle (as a code carries them)
MAX_EVENT_ID = 64  # characters of a page's event id
WRONG_PINS = 10  # wrong PINs a client may try in a minute
NEW_SESSIONS = 30  # sessions a client may start in a minute
WORK_EVENTS = 120  # pieces of work a pupil may send in a minute
KEEPALIVE = 15.0  # seconds between the live stream's keep-alive comments


class Refused(Exception):
    """A request the API answers with ``status`` and ``message`` (``{"error": message}``)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class Limiter:
    """At most ``per_minute`` hits a key in any minute (the hits of the last 60 s kept)."""

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self.hits: dict[str, deque[float]] = defaultdict(deque)

    def over(self, key: str) -> bool:
        """Whether ``key`` has already had its hits this minute (without counting one)."""
        hits = self.hits[key]
        now = time.monotonic()
        while hits and hits[0] < now - 60:
            hits.popleft()
        return len(hits) >= self.per_minute

    def hit(self, key: str) -> None:
        self.hits[key].append(time.monotonic())


class Hub:
    """The live board's updates: each teacher's stream a queue, each kept change put in the queues
    of its session's streams.  With a database that several server processes share (PostgreSQL), a
    change goes through the database's LISTEN/NOTIFY to every process, this one too, whichever
    process the teacher's stream is held by."""

    def __init__(self, store: Store) -> None:
        self.streams: dict[str, set[asyncio.Queue[dict[str, Any]]]] = defaultdict(set)
        self.store = store

    async def publish(self, session: str, change: dict[str, Any]) -> None:
        if self.store.shared:
            await to_thread.run_sync(self.store.notify, json.dumps({"session": session, "change": change}))
        else:
            self.deliver(session, change)

    def deliver(self, session: str, change: dict[str, Any]) -> None:
        """Put ``change`` in the queue of each of this process's streams of ``session``."""
        for queue in self.streams.get(session, ()):
            queue.put_nowait(change)

    def start(self) -> None:
        """With PostgreSQL: deliver every process's changes here, from a thread that listens."""
        if not self.store.shared:
            return
        loop = asyncio.get_running_loop()

        def each(payload: str) -> None:
            note = json.loads(payload)
            loop.call_soon_threadsafe(self.deliver, note["session"], note["change"])

        threading.Thread(target=self.store.listen, args=(each,), daemon=True, name="notifies").start()

    async def follow(self, session: str) -> AsyncIterator[dict[str, Any] | None]:
        """The session's changes as they come: a None first, once every change from then on is sure to
        come here (a reader who reads the session after it misses none), then each change, and None
        every KEEPALIVE seconds without one."""
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.streams[session].add(queue)
        try:
            yield None
            while True:
                try:
                    yield await asyncio.wait_for(queue.get(), KEEPALIVE)
                except TimeoutError:
                    yield None
        finally:
            self.streams[session].discard(queue)


def _client(request: Request) -> str:
    return request.client.host if request.client else "?"


def _bearer(request: Request) -> str:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Refused(401, "this needs the token given when the session was started or joined")
    return token.strip()


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, read at most MAX_BODY bytes far."""
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > MAX_BODY:
        raise Refused(413, f"a request has at most {MAX_BODY} bytes")
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise Refused(413, f"a request has at most {MAX_BODY} bytes")
    try:
        body = json.loads(data)
    except (ValueError, UnicodeDecodeError):
        raise Refused(400, "the request is not JSON") from None
    if not isinstance(body, dict):
        raise Refused(400, "the request is not a JSON object")
    return body


def _field(body: dict[str, Any], name: str, kind: type, low: int = 0, high: int = 0) -> Any:
    """``body[name]``, of ``kind`` (a whole number between ``low`` and ``high``, a text, a truth
    value), or a 400 saying what it must be."""
    value: Any = body.get(name)
    if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
        raise Refused(400, f"{name!r} must be {'a whole number' if kind is int else kind.__name__}")
    if kind is int and not low <= cast(int, value) <= high:
        raise Refused(400, f"{name!r} must be between {low} and {high}")
    return value


def _assignment_of(link: str) -> assignment.Assignment:
    """The assignment a session plays: an assignment's link, or one puzzle's (as a race is)."""
    _, parts = links.split(link)
    if parts[0] in ("assign", "assign-results", "race", "results"):
        return assignment.linked_assignment(parts)
    item = assignment.linked_puzzle(parts)
    return assignment.race_assignment(new_race_id(), item.game, item.desc)


def _as_json(a: assignment.Assignment) -> dict[str, Any]:
    return {
        "id": a.id,
        "title": a.title,
        "help": a.help,
        "items": [asdict(i) for i in a.items],
        "roster": list(a.roster),
    }


def _items(data: dict[str, Any]) -> list[assignment.Item]:
    return [assignment.Item(i["game"], i["desc"]) for i in data["items"]]


def summary(items: int, events: list[Event]) -> list[dict[str, Any]]:
    """A pupil's row: for each puzzle, solved (a solution the server accepted), the time (of the
    first accepted solution, else the latest work's) and the most hints and solves reported."""
    row = [{"solved": False, "tenths": 0, "hints": 0, "solves": 0} for _ in range(items)]
    for e in events:
        cell = row[e.item]
        if not e.accepted:
            continue
        cell["hints"] = max(cell["hints"], e.hints)
        cell["solves"] = max(cell["solves"], e.solves)
        if cell["solved"]:
            continue
        cell["tenths"] = e.tenths
        cell["solved"] = e.solved
    return row


def create_app(store: Store, site: Path | None) -> Starlette:
    """The class API over ``store``, and the site in ``site`` (a built dist/) at ``/``."""
    hub = Hub(store)
    wrong_pins = Limiter(WRONG_PINS)
    new_sessions = Limiter(NEW_SESSIONS)
    work_events = Limiter(WORK_EVENTS)

    def api(handler: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
        async def answer(request: Request) -> Response:
            try:
                return await handler(request)
            except Refused as e:
                return JSONResponse({"error": e.message}, status_code=e.status)

        return answer

    async def teacher_of(request: Request) -> str:
        session_id = request.path_params["session"]
        token = _bearer(request)
        if not await to_thread.run_sync(store.is_teacher, session_id, token):
            raise Refused(403, "this token is not this session's teacher's")
        return str(session_id)

    @api
    async def new_session(request: Request) -> Response:
        if new_sessions.over(_client(request)):
            raise Refused(429, "too many sessions started: wait a minute")
        new_sessions.hit(_client(request))
        link = _field(await _body(request), "assignment", str)
        try:
            made = _assignment_of(link)
        except (PentoError, RaceCodeError) as e:
            raise Refused(400, str(e)) from None
        session, token = await to_thread.run_sync(store.create_session, _as_json(made), link)
        return JSONResponse({"session": session.id, "pin": session.pin, "teacher_token": token}, status_code=201)

    @api
    async def join(request: Request) -> Response:
        body = await _body(request)
        session = await open_by_pin(request, body)
        name = _field(body, "name", str)
        try:
            name = check_name(name)
        except RaceCodeError as e:
            raise Refused(400, str(e)) from None
        pupil, token = await to_thread.run_sync(store.add_pupil, session.id, name)
        await hub.publish(session.id, {"type": "join", "name": pupil.name})
        return JSONResponse({"pupil_token": token})

    async def open_by_pin(request: Request, body: dict[str, Any]) -> Any:
        client = _client(request)
        if wrong_pins.over(client):
            raise Refused(429, "too many wrong PINs: wait a minute")
        pin = _field(body, "pin", str).strip()
        session = await to_thread.run_sync(store.open_session_by_pin, pin) if len(pin) <= 12 else None
        if session is None:
            wrong_pins.hit(client)
            raise Refused(404, "no lesson has this PIN: check it with your teacher")
        return session

    @api
    async def lookup(request: Request) -> Response:
        session = await open_by_pin(request, await _body(request))
        return JSONResponse({"title": session.assignment["title"], "roster": session.assignment["roster"]})

    @api
    async def lesson(request: Request) -> Response:
        pupil = await to_thread.run_sync(store.pupil, _bearer(request))
        if pupil is None:
            raise Refused(403, "this token is no pupil's")
        session = await to_thread.run_sync(store.session, pupil.session)
        assert session is not None
        return JSONResponse({"assignment": session.assignment, "name": pupil.name, "ended": session.ended is not None})

    @api
    async def about(request: Request) -> Response:
        session_id = await teacher_of(request)
        session = await to_thread.run_sync(store.session, session_id)
        assert session is not None
        return JSONResponse(
            {
                "session": session.id,
                "pin": session.pin,
                "assignment": session.assignment,
                "ended": session.ended is not None,
            }
        )

    @api
    async def work(request: Request) -> Response:
        token = _bearer(request)
        found = await to_thread.run_sync(store.pupil_in_session, token)
        if found is None:
            raise Refused(403, "this token is no pupil's")
        pupil, session = found
        if session.ended is not None:
            raise Refused(403, "this lesson has ended")
        key = str(pupil.id)
        if work_events.over(key):
            raise Refused(429, "too much work sent at once: wait a minute")
        work_events.hit(key)
        body = await _body(request)
        items = _items(session.assignment)
        item = _field(body, "item", int, 0, len(items) - 1)
        event_id = _field(body, "event", str)
        if not 0 < len(event_id) <= MAX_EVENT_ID:
            raise Refused(400, f"'event' has 1 to {MAX_EVENT_ID} characters")
        solved = _field(body, "solved", bool)
        tenths = _field(body, "tenths", int, 0, MAX_TENTHS)
        hints = _field(body, "hints", int, 0, MAX_COUNT)
        solves = _field(body, "solves", int, 0, MAX_COUNT)
        state = _field(body, "state", str)
        if len(state) > MAX_STATE:
            raise Refused(400, f"'state' has at most {MAX_STATE} characters")

        def keep() -> tuple[Event, bool]:
            """The event kept under this id (this one, checked by the core, unless one was kept
            before), and whether it is this request's: one trip to a worker thread for all of it."""
            kept = store.event(pupil.id, event_id)
            if kept is not None:
                return kept, False
            accepted, reason = True, ""
            if solved and not assignment.solves(items[item], state):
                accepted, reason = False, f"this position does not solve puzzle {item + 1}"
            event = Event(item, event_id, solved, tenths, hints, solves, state, accepted, reason)
            kept = store.add_event(pupil.id, event)
            return kept, kept == event  # not one kept meanwhile under the same id

        kept, new = await to_thread.run_sync(keep)
        if new:
            change = {"type": "work", "name": pupil.name, "item": item, "solved": solved, "tenths": tenths}
            await hub.publish(pupil.session, {**change, "hints": hints, "solves": solves, "accepted": kept.accepted})
        return JSONResponse({"accepted": kept.accepted, **({"reason": kept.reason} if kept.reason else {})})

    @api
    async def results(request: Request) -> Response:
        session_id = await teacher_of(request)
        session = await to_thread.run_sync(store.session, session_id)
        assert session is not None
        count = len(session.assignment["items"])
        pupils = await to_thread.run_sync(store.pupils, session_id)
        rows = [{"name": pupil.name, "items": summary(count, events)} for pupil, events in pupils]
        return JSONResponse({"rows": rows})

    @api
    async def events(request: Request) -> Response:
        session_id = await teacher_of(request)

        async def stream() -> AsyncIterator[str]:
            # the first line goes out once the stream follows the session (the board reads the
            # results again on it, so a change made while it was connecting is not missed)
            comment = ": the session's changes, one data line each\n\n"
            async for change in hub.follow(session_id):
                if change is None:
                    yield comment
                    comment = ": still here\n\n"
                else:
                    yield f"data: {json.dumps(change)}\n\n"

        headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    @api
    async def end(request: Request) -> Response:
        session_id = await teacher_of(request)
        await to_thread.run_sync(store.end_session, session_id)
        await hub.publish(session_id, {"type": "end"})
        return JSONResponse({})

    class Headers(BaseHTTPMiddleware):
        """The headers a host should send (docs/hosting.md), the page's and its worker's policies."""

        async def dispatch(self, request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
            response = await call_next(request)
            worker = request.url.path.endswith("/web/engine/worker.js")
            response.headers["Content-Security-Policy"] = WORKER_CSP if worker else PAGE_CSP
            response.headers["X-Content-Type-Options"] = "nosniff"
            response.headers["Referrer-Policy"] = "no-referrer"
            if request.url.path.startswith("/api/"):
                response.headers["Cache-Control"] = "no-store"
            return response

    routes: list[Route | Mount] = [
        Route("/api/sessions", new_session, methods=["POST"]),
        Route("/api/join", join, methods=["POST"]),
        Route("/api/work", work, methods=["POST"]),
        Route("/api/sessions/{session}/results", results, methods=["GET"]),
        Route("/api/sessions/{session}/events", events, methods=["GET"]),
        Route("/api/sessions/{session}/end", end, methods=["POST"]),
        Route("/api/sessions/{session}", about, methods=["GET"]),
        Route("/api/lookup", lookup, methods=["POST"]),
        Route("/api/lesson", lesson, methods=["GET"]),
        Route("/join", lambda request: RedirectResponse("/#join", status_code=303), methods=["GET"]),
        Route("/board", lambda request: RedirectResponse("/#board", status_code=303), methods=["GET"]),
    ]
    if site is not None:
        # the page, marked as served by a class server: its start screen then offers the lesson
        page = (site / "index.html").read_text(encoding="utf-8").replace("<body ", '<body data-class-server="yes" ', 1)

        async def index(request: Request) -> Response:
            return HTMLResponse(page, headers={"Cache-Control": "no-cache"})

        routes += [Route("/", index, methods=["GET"]), Route("/index.html", index, methods=["GET"])]
        if (site / "sw.js").is_file():
            # ... and its service worker marked too: a browser that kept this build's page from a
            # plain host at the same address finds the worker changed, and takes the class server's
            # page (web/sw.js answers the build's files from its cache first, the page among them)
            worker = (site / "sw.js").read_text(encoding="utf-8") + "// served by a class server\n"

            async def service_worker(request: Request) -> Response:
                return Response(worker, media_type="text/javascript", headers={"Cache-Control": "no-cache"})

            routes.append(Route("/sw.js", service_worker, methods=["GET"]))
        routes.append(Mount("/", StaticFiles(directory=site, html=True)))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.start()
        yield

    return Starlette(routes=routes, middleware=[Middleware(Headers)], lifespan=lifespan)
