#!/usr/bin/env python3
"""Compiles and runs the Swift code of the documentation catalog, so that every call site it shows
is one the library accepts and every output it quotes is what the code prints.

    Scripts/docs-check-snippets.py CATALOG BIN_PATH WORK_DIR

Each Markdown file of CATALOG that holds ```swift blocks (or markers) is one program: its blocks in order, as
one main.swift (a `#sourceLocation` per block, so compiler errors name the Markdown file and line),
compiled with warnings as errors against the PropertyMapper module and objects that `swift build`
left in BIN_PATH, then run. Two markers, on the line before a block, as in README.md:

    <!-- docs-check: output -->     the ```text block that follows is in the program's output
    <!-- docs-check: manifest -->   the ```swift block that follows is a package manifest: it is
                                    type-checked against PackageDescription, not run

DocC drops HTML comments, so readers never see the markers. Exits non-zero naming every file whose
code does not compile, fails when run, or does not print what the text quotes.
"""
import pathlib
import re
import shutil
import subprocess
import sys

MARKER = re.compile(r"<!-- docs-check: (output|manifest) -->")


def blocks(markdown):
    """The fenced blocks of a Markdown file: (language, first code line's number, code, marker)."""
    found, current, marker = [], None, None
    for number, line in enumerate(markdown.splitlines(), start=1):
        if current is not None:
            if line.strip() == "```":
                found.append(current)
                current = None
            else:
                current[2].append(line)
        elif line.startswith("```"):
            current = (line[3:].strip(), number + 1, [], marker)
            marker = None
        elif line.strip():
            match = MARKER.fullmatch(line.strip())
            marker = match.group(1) if match else None
    return [(language, line, "\n".join(code) + "\n", mark) for language, line, code, mark in found]


def run(arguments, **options):
    return subprocess.run(arguments, capture_output=True, text=True, **options)


def check_file(name, found, bin_path, work, swiftc):
    """The problems of one Markdown file's blocks, as text; empty when its code compiles, runs and
    prints what the file quotes."""
    program = [b for b in found if b[0] == "swift" and b[3] is None]
    manifests = [b for b in found if b[0] == "swift" and b[3] == "manifest"]
    outputs = [b for b in found if b[3] == "output"]
    problems = []
    directory = work / name.with_suffix("")
    directory.mkdir(parents=True)

    for _, line, code, _ in manifests:
        manifest = directory / "Package.swift"
        manifest.write_text(f'#sourceLocation(file: "{name}", line: {line})\n{code}', encoding="utf-8")
        manifest_api = swiftc.resolve().parent.parent / "lib/swift/pm/ManifestAPI"
        result = run([str(swiftc), "-typecheck", str(manifest), "-I", str(manifest_api),
                      "-package-description-version", "6.0.0"])
        if result.returncode != 0:
            problems.append(f"{name}: the package manifest does not type-check:\n{result.stderr}{result.stdout}")

    if program:
        main = directory / "main.swift"
        main.write_text("".join(f'#sourceLocation(file: "{name}", line: {line})\n{code}'
                                for _, line, code, _ in program), encoding="utf-8")
        objects_dir = bin_path / "PropertyMapper.build"
        sources = (objects_dir / "sources").read_text(encoding="utf-8").split()
        objects = [str(objects_dir / (pathlib.Path(source).name + ".o")) for source in sources]
        executable = directory / "program"
        result = run([str(swiftc), str(main), "-swift-version", "6", "-warnings-as-errors",
                      "-module-name", "DocsSnippets", "-I", str(bin_path / "Modules"),
                      "-module-cache-path", str(bin_path / "ModuleCache"), *objects, "-o", str(executable)])
        if result.returncode != 0:
            return problems + [f"{name}: the Swift code does not compile:\n{result.stderr}{result.stdout}"]
        result = run([str(executable)], cwd=directory, timeout=120)
        if result.returncode != 0:
            return problems + [f"{name}: the Swift code exits with status {result.returncode}:\n{result.stderr}"]
        for _, line, text, _ in outputs:
            if text not in result.stdout:
                problems.append(f"{name}:{line}: this output is not what the code prints:\n{text}"
                                f"-- the code prints:\n{result.stdout}")
    elif outputs:
        problems.append(f"{name}: output blocks but no Swift code to print them")
    return problems


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    catalog, bin_path, work = (pathlib.Path(argument).resolve() for argument in sys.argv[1:])
    swiftc = shutil.which("swiftc")
    if swiftc is None:
        sys.exit("docs-check-snippets: swiftc is not on PATH")
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    problems, checked = [], 0
    for path in sorted(catalog.rglob("*.md")):
        found = blocks(path.read_text(encoding="utf-8"))
        if not any(language == "swift" or marker for language, _, _, marker in found):
            continue
        name = path.relative_to(catalog.parent)
        file_problems = check_file(name, found, bin_path, work, pathlib.Path(swiftc))
        print(f"  {'FAILED' if file_problems else 'ok'}: {name}")
        checked += 1
        problems += file_problems
    if problems:
        print("\n\n".join(problems), file=sys.stderr)
        sys.exit(f"docs-check-snippets: FAILED, {len(problems)} problem(s) in the catalog's code")
    print(f"docs-check-snippets: the Swift code of {checked} files compiles, runs and prints what they quote")


if __name__ == "__main__":
    main()
