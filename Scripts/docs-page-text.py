#!/usr/bin/env python3
"""Prints what a reader sees of a rendered documentation page, one line per item, for grep:

    Scripts/docs-page-text.py DOM_FILE

DOM_FILE is the DOM that headless Chromium dumps after the page's JavaScript ran. Each heading is
printed as `h1: PropertyMapper`, `h3: Essentials`, …, and each line of each code listing (a <pre>)
as `code: <the line>` without its indentation, with the syntax-highlighting markup removed and
entities decoded. Text inside
<script>, <style> and <noscript> is not shown to a reader with JavaScript, and is left out.
"""
import html.parser
import sys

HEADINGS = {"h1", "h2", "h3", "h4"}
HIDDEN = {"script", "style", "noscript"}


class PageText(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.lines = []
        self.hidden = 0
        self.heading = None
        self.code = None
        self.text = []

    def handle_starttag(self, tag, attrs):
        if tag in HIDDEN:
            self.hidden += 1
        elif tag in HEADINGS and self.code is None:
            self.heading, self.text = tag, []
        elif tag == "pre":
            self.code, self.text = tag, []

    def handle_endtag(self, tag):
        if tag in HIDDEN:
            self.hidden -= 1
        elif tag == self.heading:
            self.lines.append(f"{tag}: {' '.join(''.join(self.text).split())}")
            self.heading = None
        elif tag == "pre" and self.code:
            self.lines += [f"code: {line.strip()}" for line in "".join(self.text).splitlines() if line.strip()]
            self.code = None

    def handle_data(self, data):
        if not self.hidden and (self.heading or self.code):
            self.text.append(data)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    parser = PageText()
    with open(sys.argv[1], encoding="utf-8") as dom:
        parser.feed(dom.read())
    print("\n".join(parser.lines))


if __name__ == "__main__":
    main()
