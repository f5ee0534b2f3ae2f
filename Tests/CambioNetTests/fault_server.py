#!/usr/bin/env python3
"""A local HTTP server for network tests: real payloads and every fault, on 127.0.0.1 only.

Prints its port on the first line, serves until stdin closes. With --tls, serves HTTPS with a
self-signed certificate. Paths:
  /fixture/<name>          a file from Tests/Fixtures, with ETag and Last-Modified (304 on match)
  /status/<code>           that status with a short body
  /429?after=N             429 with Retry-After: N
  /slow?seconds=N          headers at once, then nothing for N seconds (a hung server)
  /reset                   closes the connection without an answer
  /hold/<name>/...?seconds=N  headers at once, then nothing until the client closes the connection or N s
                           (default 30) have passed; either way the connection is closed without a body.
                           Also as any service's base URL (Alpha Vantage: keywords hold-<name> at /av)
  /hold-log?started=<name> {"<name>": {"ended": null | "client" | "server", "after": seconds}, ...}: every
  /hold-log?ended=<name>   hold, answered once <name> has begun (started=) or ended (ended=), or after 60 s
  /truncated/<name>        a fixture cut in half, with the full Content-Length
  /big?mb=N                N MB of data without Content-Length (chunked)
  /biglength?mb=N          a Content-Length of N MB
  /html                    a captive portal page with 200
  /empty                   200 with no body
  /garbage                 200 with random bytes
  /echo-headers            200 with the request's headers as JSON
As a provider's base URL (the app appends its own path):
  /as/<fixture>/...        serves that fixture whatever follows
  /fault/<kind>/...        the fault <kind> (status code, 429, 429forever, html, empty, garbage, reset, slow, big,
                           olddate, wrongbase, jump (the er-api answer dated 2000, in EUR, EUR ×100),
                           seriesjump, seriesold (Frankfurter's 30 Sep - 2 Oct 2026 series with USD at
                           100,000,000 times its rate, or dated 2000), escapes (an er-api error whose
                           error-type carries terminal escapes, BEL and CR),
                           truncated, wrongshape, negative, nan,
                           capimissing, capiabsurd (currency-api's USD answer of 2024-03-06 a day later,
                           without xpt, xpd and sol; or with btc at ten times, eth 0, xau -1, sol a
                           string), capirewrapped (the degraded day in its publisher's envelope))
  /dated/<day>/<source>/... the real answer of <source> re-dated to <day> (YYYY-MM-DD): erapi (updated 00:02 UTC
                           that day, next update a day later), capi (currency-api's USD answer of 2024-03-06) or
                           ecb (the ECB's daily file of 2025-05-09; its 90-day file is not found)
  /fault/capihuge/...      currency-api's USD answer with doge 1e100, xau 1e308 and eth "abc"
  /fault/coinbasehuge/...  Coinbase's BTC answer with DOGE "1e100" and ETH "abc"
  /ecb/stats/eurofxref/... the ECB's daily and 90-day files, by their own names
  /av/query?function=...   Alpha Vantage: SYMBOL_SEARCH (keywords tesco, ba: real answers; limit,
                           minute, unknown: its "Information", "Note" and "Error Message" bodies;
                           else no matches) and TIME_SERIES_MONTHLY_ADJUSTED (IBM: the real
                           answer; LIMIT, PREMIUM: "Information"; ESCAPES: an "Error Message" with
                           terminal escapes; else "Error Message")
  /redirect/<how>/<path>   302 to <path> on this server (relative), to http://example.invalid/<path>
                           (insecure), or to itself (loop); the query goes along
  /av-log                  what /av was asked: request counts by function:argument, and the keys
Frankfurter v2 (frankfurter_v2.py: real ECB, BNR, CBE, CBR and CBU rates, blended as the real service does):
  /fv2/rates?...           date, from, to, base, quotes, providers, group (week|month), expand (providers): JSON
                           array of {date, base, quote, rate[, providers]}; 422 {"status","message"} for a bad
                           parameter, date or currency ("invalid currency: XYZ") and for a daily range over 5 years
                           with providers= or expand=providers (unless providers= names <= 5 and quotes= <= 5)
  /fv2/rate/<base>/<quote> one record, 404 when there is none
  /fv2/providers           the providers with data (seed fields, start_date, end_date, currencies, publishes_missed)
  /fv2/currencies          ?scope=all, ?providers=...; /fv2/currency/<code>
As a Frankfurter v2 base URL (the app appends /rates?...), a variation of the correct answer:
  /fv2fault/<kind>/...     404 (always), 422long, 503 (a range over 370 days: 422 "date range exceeds 5 years..."
                           or 503 "request exceeded 90s timeout", else correct), 503always, truncated (the body cut
                           in half, with the cut length), zero (one rate 0), jump (one rate x 10), twice (one record
                           repeated with another rate), outside (a record 30 days after to, or before from),
                           otherbase (every base another currency, same numbers)
  /fv2-log[?reset=1]       {"requests": [...]}: every /fv2 and /fv2fault path with its query, in order (reset
                           clears the list after answering it)
"""
import calendar
import json
import os
import select
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

sys.dont_write_bytecode = True  # no __pycache__ inside the Swift test target's directory
import frankfurter_v2  # noqa: E402

FIXTURES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Fixtures")
LAST_MODIFIED = "Fri, 30 Oct 2026 15:00:00 GMT"
AV_COUNTS = {}
AV_KEYS = []
AV_LOCK = threading.Lock()
AV_INFORMATION = {"Information": "Thank you for using Alpha Vantage! Our standard API rate limit is 25 requests per day. "
                                 "Please subscribe to any of the premium plans to instantly remove all daily rate limits."}
AV_PREMIUM = {"Information": "Thank you for using Alpha Vantage! This is a premium endpoint. You may subscribe to any of the premium plans."}
# Retitles the terminal, rings its bell, clears the screen and returns to the line's start.
ESCAPES = "\x1b]0;pwned\x07\x1b[2J\r"
AV_NOTE = {"Note": "Thank you for using Alpha Vantage! Our standard API call frequency is 5 calls per minute and 500 calls per day."}


# The held requests by name: whether and how each ended (the client closing it, or the server
# after its N seconds), and after how long.
HOLDS = {}
HOLDS_CHANGED = threading.Condition()


def fixture(name):
    with open(os.path.join(FIXTURES, name), "rb") as f:
        return f.read()


def alphavantage(q):
    """Alpha Vantage's /query: (body) for the function and argument asked."""
    function = q.get("function", "")
    arg = q.get("keywords") or q.get("symbol") or ""
    with AV_LOCK:
        AV_COUNTS["%s:%s" % (function, arg)] = AV_COUNTS.get("%s:%s" % (function, arg), 0) + 1
        AV_KEYS.append(q.get("apikey", ""))
    if function == "SYMBOL_SEARCH" and arg.lower() == "echo":
        # An answer that repeats the caller's key (in lower case), as a misbehaving proxy might.
        answer = json.loads(fixture("alphavantage_SYMBOL_SEARCH_BA.json"))
        answer["bestMatches"][0]["2. name"] = "Echo of " + q.get("apikey", "").lower()
        return json.dumps(answer).encode()
    if function == "SYMBOL_SEARCH":
        return {"tesco": fixture("alphavantage_SYMBOL_SEARCH_crazzyghost.json"),
                "ba": fixture("alphavantage_SYMBOL_SEARCH_BA.json"),
                "limit": json.dumps(AV_INFORMATION).encode(), "minute": json.dumps(AV_NOTE).encode(),
                "unknown": fixture("alphavantage_error_invalid_function.json")}.get(arg.lower(), b'{"bestMatches": []}')
    if function == "TIME_SERIES_MONTHLY_ADJUSTED":
        return {"IBM": fixture("alphavantage_TIME_SERIES_MONTHLY_ADJUSTED_IBM_trimmed.json"),
                "LIMIT": json.dumps(AV_INFORMATION).encode(),
                "PREMIUM": json.dumps(AV_PREMIUM).encode(),
                "ESCAPES": json.dumps({"Error Message": ESCAPES + "Invalid API call."}).encode()}.get(
                    arg, fixture("alphavantage_error_invalid_function.json"))
    return fixture("alphavantage_error_invalid_function.json")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def finish(self):
        try:
            super().finish()
        except OSError:
            pass  # the connection was cut on purpose

    def send(self, status, body=b"", headers=None, content_type="application/json"):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def hold(self, name, seconds):
        """Headers, then nothing until the client closes the connection or `seconds` pass."""
        self.send_response(200)
        self.send_header("Content-Length", "100")
        self.end_headers()
        self.wfile.flush()
        begun = time.monotonic()
        with HOLDS_CHANGED:
            HOLDS[name] = {"ended": None, "after": 0}
            HOLDS_CHANGED.notify_all()
        ended = "server"
        while True:
            left = seconds - (time.monotonic() - begun)
            if left <= 0:
                break
            readable, _, _ = select.select([self.connection], [], [], left)
            if readable:
                try:
                    data = self.connection.recv(4096)
                except OSError:
                    data = b""
                if not data:
                    ended = "client"
                    break
        with HOLDS_CHANGED:
            HOLDS[name] = {"ended": ended, "after": round(time.monotonic() - begun, 2)}
            HOLDS_CHANGED.notify_all()
        self.close_connection = True

    def hold_log(self, q):
        def ready():
            if "started" in q:
                return q["started"] in HOLDS
            if "ended" in q:
                return (HOLDS.get(q["ended"]) or {}).get("ended") is not None
            return True
        with HOLDS_CHANGED:
            HOLDS_CHANGED.wait_for(ready, timeout=60)
            body = json.dumps(HOLDS).encode()
        self.send(200, body)

    def do_GET(self):
        url = urlparse(self.path)
        q = {k: v[0] for k, v in parse_qs(url.query).items()}
        parts = url.path.strip("/").split("/", 1)
        kind, arg = parts[0], (parts[1] if len(parts) > 1 else "")
        if kind == "hold":
            self.hold(arg.split("/")[0], float(q.get("seconds", "30")))
            return
        if kind == "hold-log":
            self.hold_log(q)
            return
        if kind == "av" and q.get("keywords", "").startswith("hold-"):
            alphavantage(q)  # counted
            self.hold(q["keywords"][len("hold-"):], 30)
            return
        if kind == "ecb":  # the ECB's own paths
            kind, arg = "fixture", {"eurofxref-daily.xml": "ecb_eurofxref-daily.xml",
                                    "eurofxref-hist-90d.xml": "ecb_eurofxref-hist-90d.xml"}.get(os.path.basename(url.path), "missing")
        if kind == "as":
            kind, arg = "fixture", arg.split("/")[0]
        elif kind == "fault":
            fault = arg.split("/")[0]
            kind, arg = (("status", fault) if fault.isdigit() and fault != "429" else
                         ("truncated", "erapi_open_latest_USD_2024-08-19.json") if fault == "truncated" else (fault, ""))
        if kind == "redirect":
            # /redirect/<how>/...: a redirect that keeps the rest of the path and the query.
            how, _, rest = arg.partition("/")
            query = ("?" + url.query) if url.query else ""
            target = {"relative": "/" + rest + query,                          # this server, relative Location
                      "insecure": "http://example.invalid/" + rest + query,    # plain http to another host
                      "loop": "/redirect/loop/" + rest + query}.get(how, "/")
            self.send_response(302)
            self.send_header("Location", target)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if kind in ("fv2", "fv2fault"):
            status, body, headers = frankfurter_v2.answer(self.path)
            self.send(status, body, headers, content_type="application/json; charset=utf-8")
            return
        if kind == "fv2-log":
            self.send(200, frankfurter_v2.log_answer(self.path))
            return
        if kind == "av":
            self.send(200, alphavantage(q))
            return
        if kind == "av-log":
            with AV_LOCK:
                self.send(200, json.dumps({"counts": AV_COUNTS, "keys": AV_KEYS}).encode())
            return
        if kind == "fixture" and arg == "missing":
            self.send(404, b'{"message":"not found"}')
        elif kind == "fixture":
            with open(os.path.join(FIXTURES, os.path.basename(arg)), "rb") as f:
                body = f.read()
            etag = '"%x"' % (hash(body) & 0xffffffff)
            # If-None-Match, when sent, decides alone (RFC 9110 13.2.2).
            inm = self.headers.get("If-None-Match")
            if (inm == etag) if inm is not None else (self.headers.get("If-Modified-Since") == LAST_MODIFIED):
                self.send_response(304)
                self.send_header("ETag", etag)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            self.send(200, body, {"ETag": etag, "Last-Modified": LAST_MODIFIED})
        elif kind == "status":
            self.send(int(arg), json.dumps({"message": "status %s" % arg}).encode())
        elif kind == "429":
            self.send(429, b'{"result":"error","error-type":"rate-limited"}', {"Retry-After": q.get("after", "60")})
        elif kind == "429forever":
            self.send(429, b'{"result":"error","error-type":"rate-limited"}', {"Retry-After": "999999999"})
        elif kind in ("seriesjump", "seriesold"):
            # The real Frankfurter series, as a hostile server might send it: USD at 111,720,000
            # per euro and the like, or the same days moved to the year 2000.
            series = json.load(open(os.path.join(FIXTURES, "frankfurter_v1_timeseries_2026-09-30_2026-10-02.json")))
            if kind == "seriesjump":
                for row in series["rates"].values():
                    row["USD"] = row["USD"] * 100_000_000
            else:
                series["rates"] = {"2000" + day[4:]: row for day, row in series["rates"].items()}
                series["start_date"], series["end_date"] = "2000-09-30", "2000-10-02"
            self.send(200, json.dumps(series).encode())
        elif kind in ("capimissing", "capiabsurd"):
            # currency-api's real answer, the next day, as a degraded or broken day might bring it.
            answer = json.load(open(os.path.join(FIXTURES, "fawazahmed0_v1_currencies_usd_2024-03-06.json")))
            answer["date"] = "2024-03-07"
            table = answer["usd"]
            if kind == "capimissing":
                for code in ("xpt", "xpd", "sol"):
                    del table[code]
            else:
                table["btc"] = table["btc"] * 10
                table["eth"], table["xau"], table["sol"] = 0, -1, "NaN"
            self.send(200, json.dumps(answer).encode())
        elif kind == "dated":
            day, _, rest = arg.partition("/")
            source = rest.split("/")[0]
            if source == "ecb":
                if rest.endswith("eurofxref-hist-90d.xml"):
                    self.send(404, b'{"message":"not found"}')
                    return
                body = fixture("ecb_eurofxref-daily.xml").replace(b"time='2025-05-09'", b"time='%s'" % day.encode())
                self.send(200, body, content_type="text/xml")
                return
            if source == "erapi":
                answer = json.load(open(os.path.join(FIXTURES, "erapi_open_latest_USD_2024-08-19.json")))
                start = calendar.timegm(time.strptime(day + " 00:02", "%Y-%m-%d %H:%M"))
                answer["time_last_update_unix"], answer["time_next_update_unix"] = start, start + 86400
            else:
                answer = json.load(open(os.path.join(FIXTURES, "fawazahmed0_v1_currencies_usd_2024-03-06.json")))
                answer["date"] = day
            self.send(200, json.dumps(answer).encode())
        elif kind == "capihuge":
            # Written by hand: Python's json writes 1e100 as 1e+100 and cannot write 1e308 as a literal it reads back.
            body = fixture("fawazahmed0_v1_currencies_usd_2024-03-06.json").decode()
            for code, value in (("doge", "1e100"), ("xau", "1e308"), ("eth", '"abc"')):
                key = '"%s":' % code
                at = body.index(key) + len(key)
                end = min(i for i in (body.index(",", at), body.index("}", at)))
                body = body[:at] + value + body[end:]
            self.send(200, body.encode())
        elif kind == "coinbasehuge":
            answer = json.load(open(os.path.join(FIXTURES, "coinbase_v2_exchange-rates_BTC_2017-09-04.json")))
            answer["data"]["rates"]["DOGE"], answer["data"]["rates"]["ETH"] = "1e100", "abc"
            self.send(200, json.dumps(answer).encode())
        elif kind == "capirewrapped":
            self.send(200, fixture("fawazahmed0_v1_eur_2026-02-12_RESHAPED_degraded.json"))
        elif kind == "escapes":
            self.send(200, json.dumps({"result": "error", "error-type": ESCAPES + "invalid-key"}).encode())
        elif kind in ("olddate", "wrongbase", "jump"):
            # The real er-api answer, altered as a hostile or broken server might: dated 2000,
            # priced against EUR although USD was asked for, or the euro a hundred times dearer.
            answer = json.load(open(os.path.join(FIXTURES, "erapi_open_latest_USD_2024-08-19.json")))
            if kind == "olddate":
                answer["time_last_update_unix"] = 946771200  # 2 Jan 2000
            elif kind == "wrongbase":
                answer["base_code"] = "EUR"
            else:
                answer["rates"]["EUR"] = answer["rates"]["EUR"] * 100
            self.send(200, json.dumps(answer).encode())
        elif kind == "slow":
            self.send_response(200)
            self.send_header("Content-Length", "100")
            self.end_headers()
            self.wfile.flush()
            time.sleep(float(q.get("seconds", "30")))
        elif kind == "reset":
            # Linger 0 and close the descriptor itself: the peer gets an RST, not a FIN.
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            os.close(self.connection.detach())
            self.close_connection = True
        elif kind == "truncated":
            with open(os.path.join(FIXTURES, os.path.basename(arg)), "rb") as f:
                body = f.read()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
        elif kind == "big":
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            chunk = b"x" * 65536
            try:
                for _ in range(int(float(q.get("mb", "6")) * 16)):
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                self.wfile.write(b"0\r\n\r\n")
            except (BrokenPipeError, ConnectionResetError):
                pass
        elif kind == "biglength":
            self.send_response(200)
            self.send_header("Content-Length", str(int(float(q.get("mb", "6")) * 1024 * 1024)))
            self.end_headers()
            try:
                self.wfile.write(b"x" * 1024)
            except (BrokenPipeError, ConnectionResetError):
                pass
        elif kind == "html":
            self.send(200, b"<!DOCTYPE html><html><head><title>Hotel Wi-Fi</title></head><body>Log in</body></html>", content_type="text/html")
        elif kind == "wrongshape":
            self.send(200, b'{"result":"success","base_code":"USD","time_last_update_unix":1724025751,"rates":[1.1,2.2]}')
        elif kind == "negative":
            rates = json.load(open(os.path.join(FIXTURES, "erapi_open_latest_USD_2024-08-19.json")))
            rates["rates"]["EUR"] = -0.9075
            self.send(200, json.dumps(rates).encode())
        elif kind == "nan":
            self.send(200, b'{"result":"success","base_code":"USD","time_last_update_unix":1724025751,"rates":{"EUR":NaN}}')
        elif kind == "empty":
            self.send(200, b"")
        elif kind == "garbage":
            self.send(200, os.urandom(2048), content_type="application/octet-stream")
        elif kind == "echo-headers":
            self.send(200, json.dumps({k.lower(): v for k, v in self.headers.items()}).encode())
        else:
            self.send(404, b'{"message":"not found"}')


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    if "--tls" in sys.argv:
        # HTTPS with a self-signed certificate: a client that checks certificates must refuse it.
        import shutil
        import ssl
        import subprocess
        import tempfile
        d = tempfile.mkdtemp()
        cert, key = os.path.join(d, "cert.pem"), os.path.join(d, "key.pem")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                        "-keyout", key, "-out", cert], check=True, capture_output=True)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        shutil.rmtree(d)  # loaded: the files are no longer needed
        server.socket = context.wrap_socket(server.socket, server_side=True)
    frankfurter_v2.preload()  # in the background: the port is printed at once
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()  # until the test closes our stdin (or dies)


if __name__ == "__main__":
    main()
