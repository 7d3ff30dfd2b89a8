#!/usr/bin/env python3
"""A scripted Chat Completions server that misbehaves on purpose, for RemoteLanguageModelsTests.

The first path segment picks the behaviour (the client's base URL is
http://127.0.0.1:PORT/<behaviour>/v1), so one server serves every scenario:

  wrong-schema   streams a complete, well-formed answer whose JSON ignores the schema
  valid-after-N  answers JSON ignoring the schema N times per key, then {"title": "ok"}
  dies           streams two content deltas, then drops the connection mid-stream
  ratelimit-KEY  429 with Retry-After: 1 on the first request per KEY, then a normal answer
  ratelimit-long 429 with Retry-After: 3600, always
  busy           503 with an OpenAI error body, always
  error500       500 with an OpenAI error body
  endless        streams content deltas forever (until the client leaves)
  silent         sends the headers, then nothing
  huge           an application/json answer announcing 1 GB, written until the client leaves
  whole          answers a stream request with one application/json completion
  ok             a normal streamed answer: "Hello there." with usage

GET /stats answers {"requests": {behaviour: count}, "disconnects": {behaviour: count}}.
Prints the port on the first line of stdout, then serves until killed.
"""
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

lock = threading.Lock()
requests = {}
disconnects = {}
# The most an "endless" or "huge" answer writes (64 MiB), far past any limit the tests set.
CAP = 64 << 20


def count(table, key):
    with lock:
        table[key] = table.get(key, 0) + 1
        return table[key]


def chunk(delta, finish=None, usage=None):
    body = {"id": "chatcmpl-hostile", "object": "chat.completion.chunk", "created": 0, "model": "hostile",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
    if usage is not None:
        body["usage"] = usage
    return "data: " + json.dumps(body) + "\n\n"


USAGE = {"prompt_tokens": 11, "completion_tokens": 3, "total_tokens": 14, "prompt_tokens_details": {"cached_tokens": 4}}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.path == "/stats":
            with lock:
                self.send_json(200, {"requests": requests, "disconnects": disconnects})
        else:
            self.send_json(404, {"error": {"message": "no such path", "type": "invalid_request_error"}})

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        self.rfile.read(length)
        behaviour = self.path.strip("/").split("/")[0]
        count(requests, behaviour)
        try:
            self.serve(behaviour)
        except (BrokenPipeError, ConnectionResetError):
            count(disconnects, behaviour)

    def serve(self, behaviour):
        if behaviour == "wrong-schema":
            self.stream([chunk({"role": "assistant", "content": ""}), chunk({"content": '{"name": 42'}),
                         chunk({"content": ', "extra": true}'}), chunk({}, "stop"), chunk({}, usage=USAGE)])
        elif behaviour.startswith("valid-after-"):
            _, _, rest = behaviour.partition("valid-after-")
            times, _, _ = rest.partition("-")
            seen = requests[behaviour]
            content = '{"name": 42}' if seen <= int(times) else '{"title": "ok"}'
            self.stream([chunk({"content": content}), chunk({}, "stop"), chunk({}, usage=USAGE)])
        elif behaviour == "dies":
            self.start_stream()
            self.write_chunk(chunk({"role": "assistant", "content": "Once"}))
            self.write_chunk(chunk({"content": " upon"}))
            time.sleep(0.2)
            self.connection.shutdown(2)   # no terminating chunk, no [DONE]
            self.close_connection = True
        elif behaviour.startswith("ratelimit-long"):
            self.send_json(429, {"error": {"message": "Slow down.", "type": "rate_limit_error", "code": "rate_limited"}},
                           {"Retry-After": "3600"})
        elif behaviour.startswith("ratelimit-"):
            if requests[behaviour] == 1:
                self.send_json(429, {"error": {"message": "Slow down.", "type": "rate_limit_error", "code": "rate_limited"}},
                               {"Retry-After": "1"})
            else:
                self.serve("ok")
        elif behaviour == "busy":
            self.send_json(503, {"error": {"message": "Overloaded.", "type": "server_error", "code": "overloaded"}})
        elif behaviour == "error500":
            self.send_json(500, {"error": {"message": "The model crashed.", "type": "server_error", "code": "model_crashed"}})
        elif behaviour == "endless":
            self.start_stream()
            piece = chunk({"content": "x" * 1000})
            # "Endless" up to CAP bytes: a client that does not stop must not exhaust the
            # test machine's memory (URLSession on Linux reads ahead of its delegate).
            for _ in range(CAP // len(piece)):
                self.write_chunk(piece)
        elif behaviour == "huge":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(1 << 30))
            self.end_headers()
            self.wfile.write(b'{"choices": [{"message": {"content": "')
            piece = b"x" * 65536
            for _ in range(CAP // len(piece)):
                self.wfile.write(piece)
        elif behaviour == "silent":
            self.start_stream()
            time.sleep(30)
        elif behaviour == "whole":
            self.send_json(200, {"id": "chatcmpl-hostile", "object": "chat.completion", "created": 0, "model": "hostile",
                                 "choices": [{"index": 0, "message": {"role": "assistant", "content": "All at once."},
                                              "finish_reason": "stop"}], "usage": USAGE})
        else:
            self.stream([chunk({"role": "assistant", "content": ""}), chunk({"content": "Hello"}),
                         chunk({"content": " there."}), chunk({}, "stop"), chunk({}, usage=USAGE)])

    def send_json(self, status, body, headers=None):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def start_stream(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()

    def write_chunk(self, text):
        data = text.encode()
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()

    def stream(self, events):
        self.start_stream()
        for event in events:
            self.write_chunk(event)
        self.write_chunk("data: [DONE]\n\n")
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
