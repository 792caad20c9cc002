#!/usr/bin/env python3
"""Serves a built app (default apps/observatory/dist) on 127.0.0.1 and waits for one POST /__bench.

Python 3 standard library only. The body of the first POST /__bench is written to --out and the
server exits 0. With no POST within --timeout seconds it writes {"ok": false, "error": "serve.py
timeout ..."} to --out and exits 124. The port actually bound (--port 0 picks a free one) is
written to --port-file once the server listens, so a script can wait for that file.
"""
import argparse
import http.server
import json
import mimetypes
import os
import sys
import threading

mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("application/json", ".map")
mimetypes.add_type("text/markdown", ".md")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dir", default="apps/observatory/dist")
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--port-file", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--timeout", type=float, default=240.0)
    args = ap.parse_args()
    root = os.path.abspath(args.dir)
    if not os.path.isfile(os.path.join(root, "index.html")):
        print(f"serve.py: {root}/index.html not found (build the app first)", file=sys.stderr)
        return 2
    done = threading.Event()
    result = {"code": 124}

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *a, **kw):
            super().__init__(*a, directory=root, **kw)

        def end_headers(self):
            self.send_header("Cache-Control", "no-store")
            super().end_headers()

        def log_message(self, fmt, *a):
            if os.environ.get("SERVE_VERBOSE"):
                sys.stderr.write("serve.py: " + (fmt % a) + "\n")

        def do_POST(self):
            if self.path.split("?")[0] != "/__bench":
                self.send_error(404)
                return
            n = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(n)
            self.send_response(204)
            self.end_headers()
            if done.is_set():
                return
            with open(args.out, "wb") as f:
                f.write(body)
            result["code"] = 0
            done.set()

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    httpd.daemon_threads = True
    port = httpd.server_address[1]
    tmp = args.port_file + ".tmp"
    with open(tmp, "w") as f:
        f.write(str(port))
    os.replace(tmp, args.port_file)
    print(f"serve.py: serving {root} on http://127.0.0.1:{port}/ (timeout {args.timeout:g} s)", flush=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    if not done.wait(args.timeout):
        with open(args.out, "w") as f:
            json.dump({"ok": False, "error": f"serve.py timeout: no POST /__bench within {args.timeout:g} s"}, f)
        done.set()
    httpd.shutdown()
    return result["code"]


if __name__ == "__main__":
    sys.exit(main())
