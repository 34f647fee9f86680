#!/usr/bin/env python3
"""Runs the steps of the repository's composite action (action.yml) on this machine, without
GitHub and without `act`: the way the tests check that the Action installs, builds and gates.

Each `run:` step runs as GitHub runs it (`bash --noprofile --norc -eo pipefail` on a script
file), in the workspace folder, with the step's `env:` and these variables: GITHUB_ACTION_PATH
(this repository), GITHUB_WORKSPACE, GITHUB_STEP_SUMMARY and GITHUB_OUTPUT (files),
RUNNER_OS=Linux and CI=true. Expressions `${{ inputs.NAME }}`, `${{ github.action_path }}`,
`${{ github.action_ref }}` and `${{ runner.os }}` are substituted (inputs from --input NAME=VALUE,
else their defaults); any other expression in a `run:` step is an error. `uses:` steps (the
cache, the artifact upload) need GitHub and are listed as skipped.

Stops at the first step that fails, like a job, and exits with its status (so a gate that fails
exits 1). Prints one line per step on standard error.

Usage: scripts/run_action_locally.py [--input NAME=VALUE]... [--skip STEP_ID]...
                                     [--workspace DIR] [--summary FILE]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

try:
    import yaml
except ImportError:  # PyYAML, from PyPI, when this machine lacks it
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "pyyaml"], check=False)
    try:
        import yaml
    except ImportError:
        print("run_action_locally: cannot run: PyYAML is not installed and pip could not install it")
        sys.exit(77)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXPRESSION = re.compile(r"\$\{\{\s*([^}]*?)\s*\}\}")


def substitute(text, context, where):
    def value(match):
        expression = match.group(1)
        if expression in context:
            return context[expression]
        raise SystemExit("run_action_locally: %s: unsupported expression ${{ %s }}" % (where, expression))
    return EXPRESSION.sub(value, str(text))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--input", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--skip", action="append", default=[], metavar="STEP_ID",
                        help="a step not to run (e.g. build, when the binary is built already)")
    parser.add_argument("--workspace", default=os.getcwd(), help="the job's workspace (default: the current folder)")
    parser.add_argument("--summary", help="the step summary file (default: a temporary file, printed at the end)")
    options = parser.parse_args()

    with open(os.path.join(ROOT, "action.yml"), encoding="utf-8") as handle:
        action = yaml.safe_load(handle)
    if action.get("runs", {}).get("using") != "composite":
        raise SystemExit("run_action_locally: action.yml is not a composite action")
    declared = action.get("inputs", {})
    inputs = {name: str(spec.get("default", "")) for name, spec in declared.items()}
    for pair in options.input:
        name, _, value = pair.partition("=")
        if name not in declared:
            raise SystemExit("run_action_locally: action.yml has no input %r (inputs: %s)" % (name, ", ".join(declared)))
        inputs[name] = value
    for name, spec in declared.items():
        if spec.get("required") and not inputs[name]:
            raise SystemExit("run_action_locally: the input %r is required" % name)

    context = {"inputs." + name: value for name, value in inputs.items()}
    context.update({"github.action_path": ROOT, "github.action_ref": "local", "runner.os": "Linux"})
    scratch = tempfile.mkdtemp(prefix="bridgecheck-action-")
    summary = options.summary or os.path.join(scratch, "step-summary.md")
    open(summary, "a").close()
    output = os.path.join(scratch, "output")
    base = dict(os.environ, GITHUB_ACTION_PATH=ROOT, GITHUB_WORKSPACE=os.path.abspath(options.workspace),
                GITHUB_STEP_SUMMARY=summary, GITHUB_OUTPUT=output, RUNNER_OS="Linux", CI="true")

    status = 0
    for index, step in enumerate(action["runs"]["steps"]):
        name = step.get("id") or "step %d" % (index + 1)
        if name in options.skip:
            print("run_action_locally: %s: skipped (--skip)" % name, file=sys.stderr)
            continue
        if "uses" in step:
            print("run_action_locally: %s: skipped (uses %s, which needs GitHub)" % (name, step["uses"]), file=sys.stderr)
            continue
        if step.get("shell") != "bash":
            raise SystemExit("run_action_locally: %s: a composite run step needs shell: bash" % name)
        env = dict(base)
        for key, value in (step.get("env") or {}).items():
            env[key] = substitute(value, context, name)
        script = os.path.join(scratch, "%s.sh" % name)
        with open(script, "w", encoding="utf-8") as handle:
            handle.write(substitute(step["run"], context, name))
        run = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", script], cwd=options.workspace, env=env)
        print("run_action_locally: %s: exit %d" % (name, run.returncode), file=sys.stderr)
        if run.returncode != 0:
            status = run.returncode
            break
    if not options.summary:
        with open(summary, encoding="utf-8") as handle:
            text = handle.read()
        if text:
            print("run_action_locally: step summary:\n" + text, file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
