#!/usr/bin/env python3
"""Fails unless every public symbol of the module is curated: listed in a `## Topics` group that the
catalog writes (on the landing page, or in the extension file of the symbol's type).

    Scripts/docs-check-curation.py SYMBOL_GRAPH_DIR ARCHIVE

The symbols are those of the symbol graphs (`*.symbols.json`, extension-block files included) that
are declared in the module's own source: every one with a source location. The members DocC shows
as inherited from standard-library protocols (`!=`, the `SetAlgebra` methods of an `OptionSet`,
`hash(into:)` of a raw-value enum) have none; DocC lists them in its own "Default Implementations"
groups, and they are not checked.

DocC files a symbol that no Topics group lists under a group of its own making ("Type Methods",
"Structures"), marked `"generated": true` in the page's render JSON. So each symbol's page is found in
ARCHIVE by its USR (`metadata.externalID`), and it counts as curated when some page lists it in a
topic section that DocC did not generate. Exits non-zero listing every symbol that is not.
"""
import json
import pathlib
import sys


def declared_symbols(graph_dir):
    """USR -> (path, declaration) for every symbol declared in the module's source."""
    symbols = {}
    for graph in sorted(pathlib.Path(graph_dir).glob("*.symbols.json")):
        for symbol in json.loads(graph.read_text(encoding="utf-8"))["symbols"]:
            if "location" not in symbol:
                continue
            declaration = "".join(fragment["spelling"] for fragment in symbol["declarationFragments"])
            symbols[symbol["identifier"]["precise"]] = ("/".join(symbol["pathComponents"]), declaration)
    return symbols


def read_archive(archive):
    """(USR -> page identifier, the identifiers listed in topic groups the catalog wrote)."""
    pages, curated = {}, set()
    for page in (pathlib.Path(archive) / "data" / "documentation").rglob("*.json"):
        node = json.loads(page.read_text(encoding="utf-8"))
        usr = node.get("metadata", {}).get("externalID")
        if usr:
            pages[usr] = node["identifier"]["url"]
        for section in node.get("topicSections", []):
            if not section.get("generated", False):
                curated.update(section["identifiers"])
    return pages, curated


def link(identifier):
    """The symbol link a Topics list uses for a page: `doc://…/documentation/PropertyMapper/Mapper/map(_:from:)-24m2v`
    is ``PropertyMapper/Mapper/map(_:from:)-24m2v``, overload hash included."""
    return identifier.split("/documentation/", 1)[1]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    symbols = declared_symbols(sys.argv[1])
    pages, curated = read_archive(sys.argv[2])
    if not symbols:
        sys.exit(f"docs-check-curation: no symbols in {sys.argv[1]}")
    missing = sorted(symbols[usr] for usr in symbols if usr not in pages)
    uncurated = sorted((link(pages[usr]), symbols[usr][1]) for usr in symbols
                       if usr in pages and pages[usr] not in curated)
    for path, declaration in missing:
        print(f"  no page in the archive: {path}    {declaration}", file=sys.stderr)
    for symbol_link, declaration in uncurated:
        print(f"  not in any Topics group: ``{symbol_link}``    {declaration}", file=sys.stderr)
    if missing or uncurated:
        sys.exit(f"docs-check-curation: FAILED, {len(missing) + len(uncurated)} of {len(symbols)} public symbols "
                 "are not curated; list each in the `## Topics` of the landing page or of its type's "
                 "extension file (Sources/PropertyMapper/PropertyMapper.docc/Extensions/)")
    print(f"docs-check-curation: all {len(symbols)} public symbols declared in the module are curated")


if __name__ == "__main__":
    main()
