#!/usr/bin/env python3
"""The software centre's page (the metainfo) against what Flathub's quality guidelines and the
current AppStream specification ask, beyond what bookworm's `appstreamcli validate` knows:
the developer as <developer id><name> (no developer_name), light and dark primary colours, the
gettext domain the app uses, an OARS 1.1 rating answering every question, a description naming
every page, the command line's dca and refresh, the metals and coins and the overview search,
the desktop entry's keywords, and one screenshot of each page at most 1000×700 that is in
Resources/screenshots at the size the metainfo says, each with one caption without a full stop.
Usage: Tests/desktop/check_metainfo.py (prints each problem; exit status 1 if there is one)."""
import configparser
import os
import re
import struct
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
APP = "io.github.cambio.Cambio"
PAGES = ["Currencies", "Converter", "History", "Investments", "Calculator"]
# Every question of OARS 1.1.
OARS = ["violence-cartoon", "violence-fantasy", "violence-realistic", "violence-bloodshed", "violence-sexual",
        "violence-desecration", "violence-slavery", "violence-worship", "drugs-alcohol", "drugs-narcotics",
        "drugs-tobacco", "sex-nudity", "sex-themes", "sex-homosexuality", "sex-prostitution", "sex-adultery",
        "sex-appearance", "language-profanity", "language-humor", "language-discrimination", "social-chat",
        "social-info", "social-audio", "social-location", "social-contacts", "money-purchasing", "money-gambling"]


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", head[16:24])


def problems():
    root = ET.parse(os.path.join(ROOT, "Resources", f"{APP}.metainfo.xml")).getroot()
    said = []
    if root.find("developer_name") is not None:
        said.append("developer_name is there: the developer is <developer id=…><name>")
    developer = root.find("developer")
    if developer is None or not developer.get("id") or not (developer.findtext("name") or "").strip():
        said.append("no <developer id=…> with a <name>")
    colours = {c.get("scheme_preference"): c.text for c in root.findall("branding/color") if c.get("type") == "primary"}
    for scheme in ("light", "dark"):
        if not re.fullmatch(r"#[0-9a-fA-F]{6}", colours.get(scheme) or ""):
            said.append(f"no {scheme} primary colour in <branding>")
    translation = root.find("translation")
    if translation is None or translation.get("type") != "gettext" or translation.text != "cambio":
        said.append('no <translation type="gettext">cambio</translation> (the domain of po/cambio.pot)')
    rating = root.find("content_rating")
    answered = {a.get("id"): a.text for a in rating.findall("content_attribute")} if rating is not None else {}
    if rating is None or rating.get("type") != "oars-1.1":
        said.append("no OARS 1.1 content rating")
    missing = [q for q in OARS if q not in answered]
    if missing:
        said.append(f"OARS 1.1 questions not answered: {', '.join(missing)}")
    description = " ".join("".join(e.itertext()) for e in root.find("description"))
    description = " ".join(description.split())
    for words in PAGES + ["cambio dca", "refresh", "metals and coins", "overview search"]:
        if words.lower() not in description.lower():
            said.append(f"the description does not name {words!r}")
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(os.path.join(ROOT, "Resources", f"{APP}.desktop"))
    desktop = [k for k in entry["Desktop Entry"]["Keywords"].split(";") if k]
    keywords = [k.text for k in root.findall("keywords/keyword")]
    if keywords != desktop:
        said.append(f"the keywords {keywords} are not the desktop entry's {desktop}")
    shots = root.findall("screenshots/screenshot")
    names = []
    for shot in shots:
        captions = shot.findall("caption")
        image = shot.find("image")
        name = os.path.basename(image.text)
        names.append(name)
        if len(captions) != 1 or not captions[0].text or captions[0].text.rstrip().endswith("."):
            said.append(f"{name}: not one caption without a full stop")
        path = os.path.join(ROOT, "Resources", "screenshots", name)
        if not os.path.exists(path):
            said.append(f"{name} is not in Resources/screenshots")
            continue
        width, height = png_size(path)
        if (str(width), str(height)) != (image.get("width"), image.get("height")):
            said.append(f"{name} is {width}×{height}, the metainfo says {image.get('width')}×{image.get('height')}")
        if width > 1000 or height > 700:
            said.append(f"{name} is {width}×{height}, more than 1000×700")
    if sorted(names) != sorted(f"{p.lower()}.png" for p in PAGES):
        said.append(f"the screenshots are {names}, not one of each page")
    if [s.get("type") for s in shots].count("default") != 1:
        said.append("not exactly one default screenshot")
    return said


if __name__ == "__main__":
    found = problems()
    for p in found:
        print(f"metainfo: {p}")
    sys.exit(1 if found else 0)
