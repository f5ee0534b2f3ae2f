"""A local imitation of the Frankfurter v2 API (https://api.frankfurter.dev/v2), for fault_server.py.

Every number it serves comes from a real publication, ingested the way the real service's adapters ingest it
(lineofflight/frankfurter @ 60541ad, lib/provider/adapters/*.rb), and then blended, rebased and rounded the way
lib/versions/v2/rate_query.rb does it. See Tests/Fixtures/README.md for the exact origin of every file.

  ECB  data/eurofxref-hist.csv, 1999-01-04..2026-10-30: rows EUR -> X as published (N/A skipped).
  BNR  frankfurter_v2/bnr_nbrfxrates2026.csv, 2026-01-05..2026-08-19 (157 days): rows X -> RON, value / multiplier
       (XAU per troy ounce: x 31.1034768).
  CBE  frankfurter_v2/cbe_historical_2026-04-01_2026-04-09.csv (7 Egyptian business days): rows X -> EGP, the mid
       (buy + sell) / 2 computed in decimal; JPY is per 100.
  CBR  frankfurter_v2/cbr_XML_dynamic_2026-03-01_2026-03-05.csv (2026-03-03..05, VunitRate) and
       cbr_xml_metall_2026-03-01_2026-03-05.csv (Buy per gram x 31.1034768): rows X -> RUB. Not served:
       Tests/Fixtures/cbr_XML_daily.asp.xml, dated 25.04.2026, a Saturday (the real adapter, lib/provider/adapters/
       cbr.rb, drops Saturday and Sunday records), and the 2022-02-02/03 cbr-xml-daily.ru JSON (two isolated days
       would be carried 14 days into the ECB's EUR/USD blend).
  CBU  frankfurter_v2/cbu_json_all_2026-04-01_2026-04-03.csv: rows X -> UZS, Rate / Nominal.
Every row then passes the real ingest rules (lib/rate_validation.rb: code known to the money gem 7.0.2 plus
db/seeds/currency_patches.json, rate > 0, not on/after a defunct code's terminal date, not before EUR's inception) and
is stored rounded to 12 significant digits (lib/rate_precision.rb). Pegs (db/seeds/pegs/*.json) are in pegs.csv.

The data are sparse outside the ECB: a provider's last row is carried (weight 1 for 3 days, then decaying) into the
blend for 14 days, so e.g. EUR/USD differs from the ECB's figure on 2026-01-05..2026-09-02 (BNR, CBR, CBE, CBU
contribute) and equals it on every other day; providers=ECB always echoes the ECB's own figures.

The service's clock ("today") is the newest data date, 2026-10-30, unless FV2_TODAY=YYYY-MM-DD is set: with the real
clock every row would be more than the 14-day carry-forward window old and "latest" would be an empty array.

What the real v2 does, and so what this does (file references are to the frankfurter repository):
- Blending (lib/blender.rb, base_conversion.rb, consensus.rb, weighted_average.rb, carry_forward.rb): for each anchor
  date every (provider, base, quote) contributes its newest row of the last 14 days; each provider's rows are rebased
  to USD through its own same-batch USD row; per quote, with 4 or more providers, a rate farther from the (upper)
  median than max(10 x MAD, 5 % of the median) is an outlier (excluded: true); the rest are averaged with weight 1 up
  to 3 days old, then exp(-0.5 x (age - 3)). A record's date is its newest contributor's date, so carried rates keep
  their own date. Pegs (lib/peg_anchor.rb) then override a pegged quote (its providers all flagged excluded) or
  synthesize it when nobody publishes it: synthesized rows carry no `providers` field (AED = 3.6725 per USD).
- Rebasing (rate_query.rb#derive): any base is the quotient of two USD-frame blends; base -> USD is 1 / (USD -> base),
  dated by the base's own row. A base that has no row on an anchor gives nothing for that anchor.
- Plain shapes (no providers=, no expand=) read the materialized blend (lib/blended_rate.rb): each quote's value is
  the blend computed at its own observation date. providers= and expand=providers blend live at each anchor.
- Ranges: anchors are the days any row exists, plus `from` itself when no row exists then (so the answer may start
  with the business day before `from`), processed in 3-month chunks; a (quote, date) is emitted once. Records sort by
  (date, quote) in ranges and by quote in latest/single-date answers. The identity record base == quote (rate 1.0,
  dated like the newest visible record, never with providers) is added per anchor unless quotes= leaves it out.
- Rounding (lib/roundable.rb): > 5000 an integer, > 80 2 decimals, > 20 3, > 1 4, > 0.0001 5, else 6. With
  providers= naming exactly one provider, a record whose (base, quote) that provider publishes as is echoes the stored
  digits (also in its providers entry).
- group=week|month (rate_query.rb#each_rollup_range, lib/bucket.rb, lib/tasks/rollups.rake): each provider's rows are
  averaged per bucket first (week bucket = Jan 1 + 7 x strftime('%W') of the day, i.e. SQLite's, not a Monday; month
  = the 1st), then blended like a day. Chunks of 21 (week) or 84 (month) months each start at the last bucket on or
  before the chunk's first day and nothing deduplicates across chunks, so when `from` is not a bucket date one bucket
  is repeated at every chunk boundary (real behaviour, reproduced).
- Limit (rate_query.rb#validate_range_cost!): a daily range with providers= or expand=providers whose end (capped at
  today) lies more than 5 years (60 months) after `from` answers 422 with the message below, unless providers= names at
  most 5 providers and quotes= at most 5 currencies. Plain ranges of any length are served.
- Errors (lib/versions/v2.rb): 422 {"status":422,"message":...} for "unknown parameter: x", "invalid date",
  "conflicting params", "invalid group", "invalid expand: x", "invalid currency: XYZ" (a code the money gem does not
  know, in base or quotes: the real service answers 422 here, not 404); 404 {"status":404,"message":"not found"} for
  unknown paths and /rate or /currency without an answer; 503 {"status":503,"message":"request exceeded 90s timeout"}
  when the deadline expires.
- A known code that nobody publishes on the asked days (base=KPW, or providers=ECB with base=EGP or quotes=EGP)
  answers 200 []; so does providers=KEY for an unknown KEY, and any providers= with a pegged base (peg rows come only
  from the peg layer, which providers= bypasses).
- /providers lists only providers with data (here BNR, CBE, CBR, CBU, ECB), sorted by key; /currencies only codes whose
  end_date is within 30 days of today unless scope=all (so EGP, last published 2026-08-19, needs scope=all);
  pegged codes are merged in with their anchor's dates.
Not imitated: CSV (.csv) and NDJSON answers, ETag/Cache-Control, the 90 s deadline itself.

Faults (base URL /fv2fault/<kind>, each a variation of the correct answer to the same query):
  404 (whatever is asked), 422long and 503 (only for a range of more than 370 days, else correct), 503always,
  truncated (the body cut in half, Content-Length of the cut body), zero, jump (ten times the day before's rate), twice (a record repeated with
  another rate), outside (a record 30 days after `to`, or before `from` when only `from` is given), otherbase.
"""
import bisect
import csv
import datetime as dt
import decimal
import json
import math
import os
import re
import threading
from urllib.parse import parse_qsl, urlparse

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
V2 = os.path.join(ROOT, "Tests", "Fixtures", "frankfurter_v2")
ECB_CSV = os.path.join(ROOT, "data", "eurofxref-hist.csv")

PIVOT = "USD"
LOOKBACK = 14
GRACE_DAYS, DECAY = 3, 0.5
MIN_PROVIDERS, MULTIPLIER, MIN_DEVIATION = 4, 10, 0.05
GRAMS_PER_TROY_OUNCE = 31.1034768
MAX_YEARS, MAX_QUOTES, MAX_PROVIDERS = 5, 5, 5
CHUNK_MONTHS = {"week": 21, "month": 84}
ALLOWED_PARAMS = ["base", "quotes", "providers", "date", "from", "to", "group", "expand"]
TOO_LONG = ("date range exceeds 5 years at daily granularity; filter with quotes= (5 currencies or fewer), "
            "aggregate with group=week or group=month, or split the range into shorter requests")
TIMEOUT = "request exceeded 90s timeout"
FAULT_RANGE_DAYS = 370
FAULTS = {"404", "422long", "503", "503always", "truncated", "zero", "outside", "otherbase", "twice", "jump"}
ROOT_PAYLOAD = {"version": "v2", "status": "current", "openapi": "/v2/openapi.json", "docs": "https://frankfurter.dev"}


class ValidationError(Exception):
    pass


def iso(o):
    return dt.date.fromordinal(o).isoformat()


def ordinal(s):
    return dt.date.fromisoformat(s).toordinal()


def add_months(o, n):
    """Ruby's Date#>>: n months later, the day clamped to the month's end."""
    d = dt.date.fromordinal(o)
    y, m = divmod(d.month - 1 + n, 12)
    y, m = d.year + y, m + 1
    last = (dt.date(y + m // 12, m % 12 + 1, 1) - dt.timedelta(days=1)).day
    return dt.date(y, m, min(d.day, last)).toordinal()


def normalize(rate):
    """lib/rate_precision.rb: 12 significant digits."""
    return float("%.12g" % rate)


def rround(v):
    """lib/roundable.rb."""
    if v > 5000:
        return int(math.floor(v + 0.5))  # Ruby's Float#round: half away from zero
    if v > 80:
        return float("%.2f" % v)
    if v > 20:
        return float("%.3f" % v)
    if v > 1:
        return float("%.4f" % v)
    if v > 0.0001:
        return float("%.5f" % v)
    return float("%.6f" % v)


def ruby_split(s):
    """Ruby's String#split(","): trailing empty fields dropped."""
    parts = s.split(",")
    while parts and parts[-1] == "":
        parts.pop()
    return parts


def parse_date(s):
    """Ruby's Date.parse, for the forms a client sends: 2026-01-05, 2026-1-5, 20260105."""
    m = re.fullmatch(r"\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?\s*", s) or re.fullmatch(r"\s*(\d{4})(\d{2})(\d{2})\s*", s)
    if not m:
        return None
    try:
        return dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))).toordinal()
    except ValueError:
        return None


_WEEK = {}


def bucket(o, group):
    if group == "month":
        d = dt.date.fromordinal(o)
        return dt.date(d.year, d.month, 1).toordinal()
    b = _WEEK.get(o)
    if b is None:
        d = dt.date.fromordinal(o)
        b = _WEEK[o] = dt.date(d.year, 1, 1).toordinal() + 7 * int(d.strftime("%W"))
    return b


def read_csv(name):
    with open(os.path.join(V2, name), newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


class Store:
    """All rows, as the real `rates` table would hold them, with indexes for carry-forward look-ups."""

    def __init__(self):
        self.registry = {r["iso_code"]: r for r in read_csv("currencies.csv")}
        self.terminal, self.inception = {}, {}
        for r in read_csv("currency_dates.csv"):
            (self.terminal if r["rule"] == "terminal" else self.inception)[r["iso_code"]] = ordinal(r["date"])
        self.pegs = {r["quote"]: (r["base"], float(r["rate"]), ordinal(r["since"]), r["authority"])
                     for r in read_csv("pegs.csv")}
        with open(os.path.join(V2, "provider_seeds.json"), encoding="utf-8") as f:
            self.seeds = {p["key"]: p for p in json.load(f)}
        self.raw = {}  # provider -> {(base, quote): {date: rate}}
        self._load()
        env = os.environ.get("FV2_TODAY")
        self.today = ordinal(env) if env else max(max(d) for keys in self.raw.values() for d in keys.values())
        horizon = self.today + 2  # RateValidation::FutureDate
        self.series, self.by_ccy, self.pdates, self.coverage = {}, {}, {}, {}
        for p, keys in self.raw.items():
            ser, dates, cov = {}, set(), {}
            for key, rows in keys.items():
                ds = sorted(d for d in rows if d <= horizon)
                if not ds:
                    continue
                ser[key] = (ds, [rows[d] for d in ds])
                dates.update(ds)
                for c in key:
                    lo, hi = cov.get(c, (ds[0], ds[-1]))
                    cov[c] = (min(lo, ds[0]), max(hi, ds[-1]))
            self.series[p] = ser
            self.pdates[p] = sorted(dates)
            self.coverage[p] = cov
            by = {}
            for key in ser:
                for c in key:
                    by.setdefault(c, []).append(key)
            self.by_ccy[p] = by
        del self.raw
        self.providers = sorted(self.series)
        self.produces = {p: self._produces(p) for p in self.providers}
        self._keys_cache, self._rollup_cache, self._rollup_dates = {}, {}, {}
        self.lock = threading.Lock()

    # --- ingest, as the adapters and RateValidation do it -------------------------------------------------------

    def add(self, provider, day, base, quote, rate):
        if base not in self.registry or quote not in self.registry or rate is None or rate <= 0:
            return
        for c in (base, quote):
            if (c in self.terminal and day >= self.terminal[c]) or (c in self.inception and day < self.inception[c]):
                return
        # insert_conflict(target: [:provider, :date, :base, :quote]): the first row wins
        self.raw.setdefault(provider, {}).setdefault((base, quote), {}).setdefault(day, normalize(rate))

    def _load(self):
        weekend = lambda o: dt.date.fromordinal(o).weekday() >= 5  # noqa: E731
        with open(ECB_CSV, newline="") as f:  # lib/provider/adapters/ecb.rb: EUR -> X
            rows = csv.reader(f)
            header = next(rows)
            ecb = self.raw.setdefault("ECB", {})
            cols = [(i, c) for i, c in enumerate(header) if re.fullmatch(r"[A-Z]{3}", c) and c in self.registry]
            for row in rows:
                day = ordinal(row[0])
                for i, c in cols:
                    v = row[i] if i < len(row) else ""
                    if not v or v == "N/A":
                        continue
                    if (c in self.terminal and day >= self.terminal[c]) or (c in self.inception and day < self.inception[c]):
                        continue
                    rate = float(v)
                    if rate > 0:
                        ecb.setdefault(("EUR", c), {}).setdefault(day, rate)  # <= 12 digits: normalize is a no-op
        for r in read_csv("bnr_nbrfxrates2026.csv"):  # lib/provider/adapters/bnr.rb: X -> RON
            if not re.fullmatch(r"[A-Z]{3}", r["currency"]):
                continue
            try:
                value = float(r["value"])
            except ValueError:
                continue
            mult = int(r["multiplier"] or 1)
            if mult > 1:
                value /= mult
            if r["currency"] == "XAU":
                value *= GRAMS_PER_TROY_OUNCE
            if value != 0:
                self.add("BNR", ordinal(r["date"]), r["currency"], "RON", value)
        names = {"US Dollar": ("USD", 1), "Euro": ("EUR", 1), "Pound Sterling": ("GBP", 1), "Canadian Dollar": ("CAD", 1),
                 "Danish Krone": ("DKK", 1), "Norwegian Krone": ("NOK", 1), "Swedish Krona": ("SEK", 1),
                 "Swiss Franc": ("CHF", 1), "Japanese Yen 100": ("JPY", 100), "Saudi Riyal": ("SAR", 1),
                 "Kuwaiti Dinar": ("KWD", 1), "UAE Dirham": ("AED", 1), "Australian Dollar": ("AUD", 1),
                 "Bahraini Dinar": ("BHD", 1), "Omani Riyal": ("OMR", 1), "Qatari Riyal": ("QAR", 1),
                 "Jordanian Dinar": ("JOD", 1), "Chinese Yuan": ("CNY", 1)}
        for r in read_csv("cbe_historical_2026-04-01_2026-04-09.csv"):  # lib/provider/adapters/cbe.rb: X -> EGP
            if r["currency"] not in names or not r["buy"] or not r["sell"]:
                continue
            code, units = names[r["currency"]]
            mid = float((decimal.Decimal(r["buy"]) + decimal.Decimal(r["sell"])) / 2)  # Adapter#midpoint
            if mid:
                self.add("CBE", ordinal(r["date"]), code, "EGP", mid / units)
        for r in read_csv("cbr_XML_dynamic_2026-03-01_2026-03-05.csv"):  # lib/provider/adapters/cbr.rb: X -> RUB
            day = ordinal(r["date"])
            if weekend(day):
                continue
            if r["vunitrate"]:
                rate = float(r["vunitrate"].replace(",", "."))
            else:
                rate = float(r["value"].replace(",", ".")) / int(r["nominal"])
            self.add("CBR", day, r["code"], "RUB", rate)
        metals = {"1": "XAU", "2": "XAG", "3": "XPT", "4": "XPD"}
        for r in read_csv("cbr_xml_metall_2026-03-01_2026-03-05.csv"):
            day = ordinal(r["date"])
            if r["code"] in metals and r["buy"] and not weekend(day):
                rate = float(r["buy"].replace(",", "."))
                if rate > 0:
                    self.add("CBR", day, metals[r["code"]], "RUB", rate * GRAMS_PER_TROY_OUNCE)
        for r in read_csv("cbu_json_all_2026-04-01_2026-04-03.csv"):  # lib/provider/adapters/cbu.rb: X -> UZS
            nominal, rate = int(r["nominal"]), float(r["rate"])
            if re.fullmatch(r"[A-Z]{3}", r["code"]) and rate and nominal:
                self.add("CBU", ordinal(r["date"]), r["code"], "UZS", rate / nominal)

    # --- look-ups ------------------------------------------------------------------------------------------------

    def _produces(self, p):
        """The quote each of a provider's rows yields in the USD frame (BaseConversion#convert_group)."""
        keys = set(self.series[p])
        out = {}
        for b, q in keys:
            if b == PIVOT:
                out[(b, q)] = q
            elif q == PIVOT:
                out[(b, q)] = b
            elif (PIVOT, q) in keys:
                out[(b, q)] = b
            elif (PIVOT, b) in keys or (b, PIVOT) in keys:
                out[(b, q)] = q
        return out

    def keys_for(self, p, needed):
        """The provider's rows that can matter for the USD-frame quotes `needed` (None: all): those touching USD
        (the bridges) and those that convert into a needed quote."""
        ck = (p, needed)
        keys = self._keys_cache.get(ck)
        if keys is None:
            if needed is None:
                keys = sorted(self.series[p])
            else:
                prod = self.produces[p]
                keys = sorted(k for k in self.series[p] if PIVOT in k or prod.get(k) in needed)
            self._keys_cache[ck] = keys
        return keys

    def all_codes(self, providers):
        codes = set()
        for p in providers:
            codes.update(self.by_ccy[p])
        return codes

    def latest_date(self, providers, a):
        """Newest date <= a with any row, within the carry-forward window (None if none)."""
        best = None
        for p in providers:
            ds = self.pdates[p]
            i = bisect.bisect_right(ds, a) - 1
            if i >= 0 and ds[i] >= a - LOOKBACK and (best is None or ds[i] > best):
                best = ds[i]
        return best

    def dates_between(self, providers, lo, hi):
        out = set()
        for p in providers:
            ds = self.pdates[p]
            out.update(ds[bisect.bisect_left(ds, lo):bisect.bisect_right(ds, hi)])
        return out

    def rollup(self, p, key, group):
        ck = (p, key, group)
        r = self._rollup_cache.get(ck)
        if r is None:
            ds, rs = self.series[p][key]
            acc = {}
            for d, v in zip(ds, rs):
                acc.setdefault(bucket(d, group), []).append(v)
            bs = sorted(acc)
            r = self._rollup_cache[ck] = (bs, [math.fsum(acc[b]) / len(acc[b]) for b in bs])
        return r

    def rollup_dates(self, p, group):
        r = self._rollup_dates.get((p, group))
        if r is None:
            r = self._rollup_dates[(p, group)] = sorted({bucket(d, group) for d in self.pdates[p]})
        return r


# --- the blend (lib/base_conversion.rb, consensus.rb, weighted_average.rb, peg_anchor.rb) --------------------------

def convert(rows):
    """rows: [(base, quote, date, rate)] of one provider -> [(date, quote, rate)] in USD."""
    index = {}
    for b, q, d, r in rows:
        index.setdefault((b, q), r)
    out = []
    for b, q, d, r in rows:
        if b == PIVOT:
            out.append((d, q, r))
        elif q == PIVOT:
            out.append((d, b, 1.0 / r))
        else:
            br = index.get((PIVOT, q))
            if br is not None:
                out.append((d, b, br / r))
                continue
            br = index.get((PIVOT, b))
            if br is not None:
                out.append((d, q, r * br))
                continue
            br = index.get((b, PIVOT))
            if br is not None:
                out.append((d, q, r / br))
    groups = {}
    for d, q, r in out:
        groups.setdefault((d, q), []).append(r)
    return [(d, q, rs[0] if len(rs) == 1 else math.fsum(rs) / len(rs)) for (d, q), rs in groups.items()]


def blend(converted, ref):
    """converted: [(provider, date, quote, rate)] -> {quote: (date, rate, [(key, date, rate, excluded)])}."""
    by_quote = {}
    for p, d, q, r in converted:
        by_quote.setdefault(q, []).append((p, d, r))
    result = {}
    for q, group in by_quote.items():
        flagged = set()
        if len({p for p, _, _ in group}) >= MIN_PROVIDERS:
            values = sorted(r for _, _, r in group)
            med = values[len(values) // 2]
            devs = sorted(abs(v - med) for v in values)
            threshold = max(MULTIPLIER * devs[len(devs) // 2], MIN_DEVIATION * abs(med))
            flagged = {p for p, _, r in group if abs(r - med) > threshold}
        contributors = [x for x in group if x[0] not in flagged]
        if not contributors:
            continue
        weights = [math.exp(-DECAY * max(ref - d - GRACE_DAYS, 0)) for _, d, _ in contributors]
        rate = math.fsum(r * w for (_, _, r), w in zip(contributors, weights)) / math.fsum(weights)
        newest = max(contributors, key=lambda x: x[1])[1]
        latest = {}
        for p, d, r in group:
            if p not in latest or d > latest[p][0]:
                latest[p] = (d, r)
        plist = [(p, d, r, p in flagged) for p, (d, r) in sorted(latest.items())]
        result[q] = (newest, rate, plist)
    return result


class Query:
    """One /rates request: validation as RateQuery#validate!, then the records."""

    def __init__(self, store, params):
        self.s = store
        self.params = params
        self.base = params["base"].upper() if "base" in params else "EUR"
        self.quotes = ruby_split(params["quotes"].upper()) if "quotes" in params else None
        self.providers = ruby_split(params["providers"].upper()) if "providers" in params else None
        self.group = params["group"].lower() if "group" in params else None
        self.expand = ruby_split(params["expand"].lower()) if "expand" in params else None
        self.validate()
        self.expand_providers = bool(self.expand and "providers" in self.expand)
        self.live = bool(self.providers) or self.expand_providers
        if self.providers is not None:
            self.sources = [p for p in self.s.providers if p in set(self.providers)]
        else:
            self.sources = self.s.providers
        self.use_pegs = self.providers is None
        self.passthrough = self.providers is not None and len(self.providers) == 1 and not self.rollup

    def validate(self):
        unknown = [k for k in self.params if k not in ALLOWED_PARAMS]
        if unknown:
            raise ValidationError("unknown parameter: " + ", ".join(unknown))
        parsed = {}
        for k in ("date", "from", "to"):
            if k in self.params:
                parsed[k] = parse_date(self.params[k])
                if parsed[k] is None:
                    raise ValidationError("invalid date")
        self.date, self.start, self.end = parsed.get("date"), parsed.get("from"), parsed.get("to")
        if self.date is not None and (self.start is not None or self.end is not None):
            raise ValidationError("conflicting params")
        if self.group is not None and self.group not in ("week", "month"):
            raise ValidationError("invalid group")
        if self.expand is not None:
            bad = [e for e in self.expand if e != "providers"]
            if bad:
                raise ValidationError("invalid expand: " + ",".join(bad))
        invalid = []
        if "base" in self.params and self.base not in self.s.registry:
            invalid.append(self.base)
        if self.quotes:
            invalid.extend(q for q in self.quotes if q not in self.s.registry)
        if invalid:
            raise ValidationError("invalid currency: " + ",".join(invalid))
        self.range = self.start is not None
        self.rollup = self.range and self.group in ("week", "month")
        if self.range:
            self.lo, self.hi = self.start, (self.end if self.end is not None else self.s.today)
        if self.range and not self.rollup and (self.providers is not None or (self.expand and "providers" in self.expand)):
            if (self.providers is not None and self.quotes is not None and len(set(self.providers)) <= MAX_PROVIDERS
                    and len(set(self.quotes)) <= MAX_QUOTES):
                return
            if min(self.hi, self.s.today) > add_months(self.lo, MAX_YEARS * 12):
                raise ValidationError(TOO_LONG)

    # --- the USD-frame rows of one anchor ------------------------------------------------------------------------

    def needed(self):
        """USD-frame quotes to compute (None: all)."""
        if self.quotes is None:
            return None
        need = set(self.quotes) | {self.base}
        for c in list(need):
            if self.use_pegs and c in self.s.pegs:
                need.add(self.s.pegs[c][0])
        need.discard(PIVOT)
        return frozenset(need)

    def pivot_rows(self, contributions, ref_any):
        """Blend + pegs: {quote: (date, rate, plist or None)}; contributions: {provider: [(b, q, d, r)]}."""
        if ref_any is None:
            return {}
        converted = []
        for p, rows in contributions.items():
            converted.extend((p, d, q, r) for d, q, r in convert(rows))
        if self.need is not None:
            converted = [x for x in converted if x[2] in self.need]
        rows = blend(converted, min(ref_any, self.s.today))
        if self.use_pegs:
            rows = self.anchor_pegs(rows, ref_any)
        return rows

    def anchor_pegs(self, rows, ref):
        pegs = self.s.pegs
        orig = dict(rows)
        for q in list(rows):
            if q not in pegs:
                continue
            pbase, prate, _, _ = pegs[q]
            if pbase == PIVOT:
                rate = prate
            elif pbase in orig:
                rate = orig[pbase][1] * prate
            else:
                continue
            d, _, plist = rows[q]
            rows[q] = (d, rate, [(k, pd, pr, True) for k, pd, pr, _ in plist] if plist is not None else None)
        wanted = pegs if self.need is None else [q for q in self.need if q in pegs]
        for q in wanted:
            pbase, prate, since, _ = pegs[q]
            if q in rows or q == PIVOT or ref < since:
                continue
            if pbase == PIVOT:
                rows[q] = (ref, prate, None)
            elif pbase in rows:
                rows[q] = (ref, rows[pbase][1] * prate, None)
        return rows

    def live_at(self, a):
        """Live blend at anchor a (rate_query.rb#each_daily_range / CarryForward)."""
        hit = self.cache.get(a)
        if hit is not None:
            return hit
        cutoff = a - LOOKBACK
        contributions, lookup = {}, {}
        for p in self.sources:
            ser = self.s.series[p]
            rows = []
            for key in self.s.keys_for(p, self.need):
                ds, rs = ser[key]
                i = bisect.bisect_right(ds, a) - 1
                if i >= 0 and ds[i] >= cutoff:
                    rows.append((key[0], key[1], ds[i], rs[i]))
                    lookup[key] = rs[i]
            if rows:
                contributions[p] = rows
        ref = self.s.latest_date(self.sources, a)
        hit = self.cache[a] = (self.pivot_rows(contributions, ref), lookup)
        return hit

    def snapshot(self, a):
        """Pivot rows at anchor a: live, or as the materialized blend stores them (each at its own date)."""
        rows, lookup = self.live_at(a)
        if self.live:
            return rows, lookup
        out = {}
        for q, row in rows.items():
            if row[0] != a:
                row = self.live_at(row[0])[0].get(q, row)
            out[q] = row
        return out, lookup

    def rollup_rows(self, b):
        contributions = {}
        for p in self.sources:
            rows = []
            for key in self.s.keys_for(p, self.need):
                bs, rs = self.s.rollup(p, key, self.group)
                i = bisect.bisect_left(bs, b)
                if i < len(bs) and bs[i] == b:
                    rows.append((key[0], key[1], b, rs[i]))
            if rows:
                contributions[p] = rows
        return self.pivot_rows(contributions, b)

    # --- records (rate_query.rb#emit_records) ---------------------------------------------------------------------

    def emit(self, rows, lookup):
        if not rows:
            return []
        base = self.base
        if base == PIVOT:
            blended = [(q, PIVOT, d, r, pl) for q, (d, r, pl) in rows.items()]
        else:
            target = rows.get(base)
            if target is None:
                return []
            td, tr, tpl = target
            blended = [(q, base, d, r / tr, [(k, pd, pr / tr, e) for k, pd, pr, e in pl] if pl is not None else None)
                       for q, (d, r, pl) in rows.items() if q != base]
            blended.append((PIVOT, base, td, 1.0 / tr,
                            [(k, pd, 1.0 / pr, e) for k, pd, pr, e in tpl] if tpl is not None else None))
        quotes = set(self.quotes) if self.quotes is not None else None
        passthrough = self.passthrough
        first = self.providers[0] if passthrough else None
        records = []
        for q, b, d, r, pl in blended:
            if quotes is not None and q not in quotes:
                continue
            stored = lookup.get((b, q)) if passthrough else None
            rec = {"date": iso(d), "base": b, "quote": q, "rate": stored if stored is not None else rround(r)}
            if self.expand_providers and pl is not None:
                entries = []
                for k, pd, pr, ex in pl:
                    e = {"key": k, "date": iso(pd), "rate": stored if (k == first and stored is not None) else rround(pr)}
                    if ex:
                        e["excluded"] = True
                    entries.append(e)
                rec["providers"] = entries
            records.append(rec)
        if (quotes is None or base in quotes) and not any(r["quote"] == base for r in records):
            ref = max((r["date"] for r in records), default=None) or iso(max(x[2] for x in blended))
            records.append({"date": ref, "base": base, "quote": base, "rate": 1.0})
        if self.range:
            records.sort(key=lambda r: (r["date"], r["quote"]))
        else:
            records.sort(key=lambda r: r["quote"])
        return records

    def records(self):
        self.need = self.needed()
        self.cache = {}
        if self.providers is not None and self.base in self.s.pegs:
            return []  # pivot_path_blend: providers= bypasses pegs, so a pegged base has no anchor
        if not self.range:
            scope = self.date if self.date is not None else self.s.today + 1
            return self.emit(*self.snapshot(scope))
        out = []
        months = CHUNK_MONTHS.get(self.group, 3) if self.rollup else 3
        seen = set()
        cursor = self.lo
        while cursor <= self.hi:
            chunk_end = min(add_months(cursor, months) - 1, self.hi)
            if self.rollup:
                out.extend(self.rollup_chunk(cursor, chunk_end))
            else:
                dates = self.s.dates_between(self.sources, cursor - LOOKBACK, chunk_end)
                anchors = sorted(d for d in dates if cursor <= d <= chunk_end)
                if cursor not in dates:
                    anchors.insert(0, cursor)
                for a in anchors:
                    for rec in self.emit(*self.snapshot(a)):
                        k = (rec["quote"], rec["date"])
                        if k not in seen:
                            seen.add(k)
                            out.append(rec)
            cursor = chunk_end + 1
        return out

    def rollup_chunk(self, lo, hi):
        if lo > self.s.today:  # RateScopes#between
            return []
        nearest = None
        buckets = set()
        for p in self.sources:
            bs = self.s.rollup_dates(p, self.group)
            i = bisect.bisect_right(bs, lo) - 1
            if i >= 0 and (nearest is None or bs[i] > nearest):
                nearest = bs[i]
        start = nearest if nearest is not None else lo
        for p in self.sources:
            bs = self.s.rollup_dates(p, self.group)
            buckets.update(bs[bisect.bisect_left(bs, start):bisect.bisect_right(bs, hi)])
        out = []
        for b in sorted(buckets):
            out.extend(self.emit(self.rollup_rows(b), {}))
        return out


# --- HTTP-level answers --------------------------------------------------------------------------------------------

_STORE = None
_STORE_LOCK = threading.Lock()
LOG = []
LOG_LOCK = threading.Lock()


def store():
    global _STORE
    with _STORE_LOCK:
        if _STORE is None:
            _STORE = Store()
        return _STORE


def preload():
    """Builds the store in the background (fault_server calls this at start-up)."""
    threading.Thread(target=store, daemon=True).start()


def dump(obj):
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode()


def error(status, message):
    return status, {"status": status, "message": message}


def rates(params, single=False):
    s = store()
    try:
        q = Query(s, params)
        with s.lock:  # the look-up caches are shared
            recs = q.records()
    except ValidationError as e:
        return error(422, str(e)), None
    if single:
        return ((200, recs[0]) if recs else error(404, "not found")), q
    return (200, recs), q


def providers_answer():
    s = store()
    out = []
    for key in s.providers:
        seed, cov = s.seeds.get(key, {"key": key, "name": key}), s.coverage[key]
        start = iso(min(lo for lo, _ in cov.values()))
        end = iso(max(hi for _, hi in cov.values()))
        out.append({"key": key, "name": seed.get("name"), "country_code": seed.get("country_code"),
                    "rate_type": seed.get("rate_type"), "pivot_currency": seed.get("pivot_currency"),
                    "data_url": seed.get("data_url"), "terms_url": seed.get("terms_url"),
                    "start_date": start, "end_date": end, "publish_cadence": seed.get("publish_cadence"),
                    "publishes_missed": publishes_missed(seed, ordinal(end), s.today),
                    "currencies": sorted(cov)})
    return out


def publishes_missed(seed, end, today):
    """Provider#publishes_missed for daily cadences: scheduled days strictly between end_date and today."""
    sched, cadence = seed.get("publish_schedule"), seed.get("publish_cadence")
    if not sched or cadence != "daily":
        return None
    dow = sched.split()[4]
    days = set()
    for part in dow.split(","):
        if part == "*":
            days.update(range(7))
            continue
        a, _, b = part.partition("-")
        days.update(x % 7 for x in range(int(a), int(b or a) + 1))
    return sum(1 for o in range(end + 1, today) if (dt.date.fromordinal(o).weekday() + 1) % 7 in days)


def currency_table(codes=None):
    """{code: [start, end]} from coverage (the `currencies` table), optionally for some providers only."""
    s = store()
    table = {}
    for p in (codes or s.providers):
        if p not in s.coverage:
            continue
        for c, (lo, hi) in s.coverage[p].items():
            t = table.setdefault(c, [lo, hi])
            t[0], t[1] = min(t[0], lo), max(t[1], hi)
    return table


def currency_hash(code, lo, hi):
    meta = store().registry.get(code, {})
    return {"iso_code": code, "iso_numeric": meta.get("iso_numeric") or None, "name": meta.get("name") or code,
            "symbol": meta.get("symbol") or None, "start_date": iso(lo), "end_date": iso(hi)}


def merge_pegged(table):
    s = store()
    table = {c: list(v) for c, v in table.items()}
    for quote, (base, _, since, _) in s.pegs.items():
        anchor = table.get(base)
        if quote in table:
            if anchor:
                start = max(since, anchor[0])
                if start < table[quote][0]:
                    table[quote][0] = start
                if anchor[1] > table[quote][1]:
                    table[quote][1] = anchor[1]
        elif anchor:
            table[quote] = [max(since, anchor[0]), anchor[1]]
    return table


def currencies_answer(params):
    s = store()
    if "providers" in params:
        table = currency_table(ruby_split(params["providers"].upper()))
    else:
        table = currency_table()
        if params.get("scope") != "all":
            table = {c: v for c, v in table.items() if v[1] >= s.today - 30}
        table = merge_pegged(table)
    return [currency_hash(c, lo, hi) for c, (lo, hi) in sorted(table.items())]


def currency_answer(code):
    s = store()
    code = code.upper()
    table = merge_pegged(currency_table())
    peg = s.pegs.get(code)
    if code not in table:
        return error(404, "not found")
    lo, hi = table[code]
    h = currency_hash(code, lo, hi)
    h["providers"] = sorted(p for p in s.providers if code in s.coverage[p])
    if peg:
        h["peg"] = {"base": peg[0], "rate": peg[1], "authority": peg[3]}
    return 200, h


def answer(path):
    """(status, body, headers) for a request path under /fv2 or /fv2fault/<kind>."""
    with LOG_LOCK:
        LOG.append(path)
    url = urlparse(path)
    params = {}
    for k, v in parse_qsl(url.query, keep_blank_values=True):
        params[k] = v  # Rack: the last one wins
    parts = [p for p in url.path.split("/") if p]
    fault = None
    if parts and parts[0] == "fv2fault":
        fault = parts[1] if len(parts) > 1 else ""
        parts = parts[2:]
    else:
        parts = parts[1:]
    if fault == "404" or (fault is not None and fault not in FAULTS):
        return finish(*error(404, "not found"))
    if fault == "503always":
        return finish(*error(503, TIMEOUT))
    status, obj, query = route(parts, params)
    if fault and status == 200 and parts == ["rates"] and isinstance(obj, list):
        status, obj = apply_fault(fault, obj, query, params)
    body = dump(obj)
    if fault == "truncated":
        body = body[: len(body) // 2]
    return status, body, {}


def finish(status, obj):
    return status, dump(obj), {}


def route(parts, params):
    if not parts:
        return 200, ROOT_PAYLOAD, None
    if parts == ["rates"]:
        (status, obj), q = rates(params)
        return status, obj, q
    if len(parts) == 3 and parts[0] == "rate":
        merged = dict(params, base=parts[1].upper(), quotes=parts[2].upper())
        (status, obj), q = rates(merged, single=True)
        return status, obj, q
    if parts == ["providers"]:
        return 200, providers_answer(), None
    if parts == ["currencies"]:
        return 200, currencies_answer(params), None
    if len(parts) == 2 and parts[0] == "currency":
        status, obj = currency_answer(parts[1])
        return status, obj, None
    status, obj = error(404, "not found")
    return status, obj, None


def range_days(query):
    if query is None or not query.range:
        return 0
    return query.hi - query.lo


def apply_fault(kind, records, query, params):
    if kind == "422long":
        return (error(422, TOO_LONG) if range_days(query) > FAULT_RANGE_DAYS else (200, records))
    if kind == "503":
        return (error(503, TIMEOUT) if range_days(query) > FAULT_RANGE_DAYS else (200, records))
    records = [dict(r) for r in records]
    others = [i for i, r in enumerate(records) if r["quote"] != r["base"]] or list(range(len(records)))
    middle = others[len(others) // 2] if others else None
    if kind == "zero" and middle is not None:
        records[middle]["rate"] = 0.0
    elif kind == "jump" and middle is not None:
        # Ten times the day before's rate: a tenfold jump in a day.
        before = [i for i in others if i < middle]
        reference = records[before[-1]]["rate"] if before else records[middle]["rate"]
        records[middle]["rate"] = rround(reference * 10)
    elif kind == "twice" and middle is not None:
        twin = dict(records[middle])
        twin["rate"] = rround(twin["rate"] * 1.02)
        records.insert(middle + 1, twin)
    elif kind == "outside" and records:
        model = dict(records[others[-1]] if others else records[-1])
        model.pop("providers", None)
        if "to" in params and query.end is not None:
            day = query.end + 30
        elif query.range:
            day = query.lo - 30
        else:
            day = ordinal(max(r["date"] for r in records)) + 30
        model["date"] = iso(day)
        if day > ordinal(records[-1]["date"]):
            records.append(model)
        else:
            records.insert(0, model)
    elif kind == "otherbase":
        other = "USD" if query.base != "USD" else "EUR"
        for r in records:
            r["base"] = other
    return 200, records


def log_answer(path):
    params = dict(parse_qsl(urlparse(path).query))
    with LOG_LOCK:
        old = list(LOG)
        if params.get("reset"):
            LOG.clear()
    return dump({"requests": old})

