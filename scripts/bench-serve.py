"""Loopback load test of an OpenAI-compatible server: C concurrent streaming clients, each
sending R chat requests one after another; reports total completion tokens/s, p50/p99 time to
first token, and requests that failed or were cut short (nothing may be dropped).
Tokens are the server's `usage.completion_tokens`, or the content chunks it streamed when it sends
no usage. Standard library only.
Usage: python3 scripts/bench-serve.py BASE_URL CLIENTS REQUESTS MAX_TOKENS [LABEL]
"""
import http.client
import json
import statistics
import sys
import threading
import time
import urllib.parse

base, clients, requests, max_tokens = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
label = sys.argv[5] if len(sys.argv) > 5 else ""
url = urllib.parse.urlparse(base)
prompts = ["Write a short poem about the sea.", "Describe a city at night.", "Tell me about your favorite food.",
           "Explain how rain forms.", "List some animals that live in forests.", "What makes a good friend?"]
results, lock = [], threading.Lock()


def one(index):
    body = json.dumps({"model": "bench", "messages": [{"role": "user", "content": prompts[index % len(prompts)]}],
                       "max_tokens": max_tokens, "temperature": 1, "seed": index, "stream": True,
                       "stream_options": {"include_usage": True}})
    start = time.monotonic()
    first, tokens, chunks, done, error = None, 0, 0, False, None
    try:
        connection = http.client.HTTPConnection(url.hostname, url.port, timeout=600)
        connection.request("POST", "/v1/chat/completions", body, {"Content-Type": "application/json"})
        response = connection.getresponse()
        if response.status != 200:
            error = f"status {response.status}: {response.read()[:200]!r}"
        else:
            for line in response:
                line = line.strip()
                if not line.startswith(b"data: "):
                    continue
                payload = line[6:]
                if payload == b"[DONE]":
                    done = True
                    break
                chunk = json.loads(payload)
                if "error" in chunk:
                    error = chunk["error"]["message"]
                choices = chunk.get("choices") or []
                if choices and choices[0].get("delta", {}).get("content"):
                    chunks += 1
                    if first is None:
                        first = time.monotonic() - start
                if chunk.get("usage"):
                    tokens = chunk["usage"]["completion_tokens"]
        connection.close()
    except Exception as exception:
        error = repr(exception)
    with lock:
        results.append({"ttft": first, "tokens": tokens or chunks, "ok": done and error is None, "error": error})


def client(number):
    for request in range(requests):
        one(number * requests + request)


began = time.monotonic()
threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
elapsed = time.monotonic() - began
ok = [r for r in results if r["ok"]]
ttfts = sorted(r["ttft"] for r in ok if r["ttft"] is not None)


def percentile(values, p):
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))] if values else float("nan")


total = sum(r["tokens"] for r in ok)
print(f"{label + '  ' if label else ''}clients {clients:>2}  requests {len(results):>3}  ok {len(ok):>3}  dropped {len(results) - len(ok)}  "
      f"tokens {total:>5}  {total / elapsed:7.1f} tok/s  TTFT p50 {percentile(ttfts, 50) * 1000:7.0f} ms  p99 {percentile(ttfts, 99) * 1000:7.0f} ms  "
      f"wall {elapsed:6.1f} s", flush=True)
for r in results:
    if not r["ok"]:
        print("  failed:", r["error"], flush=True)
sys.exit(0 if len(ok) == len(results) else 1)
