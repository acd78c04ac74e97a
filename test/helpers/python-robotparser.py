"""Runs CPython's urllib.robotparser over a batch of cases read as JSON from stdin.

Each case: {"robotstxt": str, "useragent": str, "url": str}. Prints a JSON list: for each case
{"allowed": bool, "delay": int|None, "sitemaps": [str]|None} or {"error": "ExceptionType"} when
CPython raises.
"""
import json
import sys
import urllib.robotparser


def run(case):
    parser = urllib.robotparser.RobotFileParser()
    try:
        parser.parse(case["robotstxt"].splitlines())
    except Exception as error:  # CPython raises on some bodies: report which exception
        return {"error": type(error).__name__}
    try:
        allowed = parser.can_fetch(case["useragent"], case["url"])
    except Exception as error:
        return {"error": type(error).__name__}
    return {
        "allowed": allowed,
        "delay": parser.crawl_delay(case["useragent"]),
        "sitemaps": parser.site_maps(),
    }


cases = json.load(sys.stdin)
json.dump({"version": sys.version.split()[0], "results": [run(c) for c in cases]}, sys.stdout)
