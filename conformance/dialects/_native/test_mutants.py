"""The dialect mutants (conformance/mutants/dialects/) still apply to the bridges they patch."""

import glob
import json
import os
import unittest

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
FIELDS = {"name", "dialect", "file", "bug", "seenIn", "patch", "shouldBeKilledBy", "checked"}
OPTIONAL = {
    "notYetJudged",  # why the mutant cannot be judged yet (bridgecheck mutants lists it, does not run it)
    "schedules",  # the schedules the mutant is judged under (docs/exploration.md, the default gate)
}


class DialectMutants(unittest.TestCase):
    def test_every_patch_applies_exactly_once_to_its_dialects_bridge(self):
        paths = sorted(glob.glob(os.path.join(ROOT, "conformance", "mutants", "dialects", "*", "*.json")))
        dialects = set()
        for path in paths:
            with self.subTest(mutant=os.path.basename(path)):
                with open(path, encoding="utf-8") as handle:
                    mutant = json.load(handle)
                self.assertLessEqual(FIELDS, set(mutant))
                self.assertLessEqual(set(mutant), FIELDS | OPTIONAL)
                side = os.path.basename(os.path.dirname(path))
                self.assertEqual(mutant["file"], "conformance/dialects/%s/%s"
                                 % (mutant["dialect"], "page.js" if side == "page" else "native.py"))
                with open(os.path.join(ROOT, mutant["file"]), encoding="utf-8") as handle:
                    text = handle.read()
                for entry in mutant["patch"]:
                    self.assertEqual(text.count(entry["find"]), 1, entry["find"])
                    text = text.replace(entry["find"], entry["replace"])
                self.assertTrue(mutant["shouldBeKilledBy"])
                dialects.add(mutant["dialect"])
        folders = {name for name in os.listdir(os.path.join(ROOT, "conformance", "dialects"))
                   if os.path.isfile(os.path.join(ROOT, "conformance", "dialects", name, "page.js"))}
        self.assertEqual(dialects, folders, "every dialect has a mutant")

    def test_the_list_of_dialect_bridges_names_every_dialect_folder(self):
        with open(os.path.join(ROOT, "conformance", "dialects", "dialects.json"), encoding="utf-8") as handle:
            listed = json.load(handle)["dialects"]
        folders = {name for name in os.listdir(os.path.join(ROOT, "conformance", "dialects"))
                   if os.path.isfile(os.path.join(ROOT, "conformance", "dialects", name, "page.js"))}
        self.assertEqual({entry["name"] for entry in listed}, folders)
        for entry in listed:
            self.assertTrue(os.path.isfile(os.path.join(ROOT, entry["page"])), entry["page"])
            self.assertTrue(any(os.path.isfile(os.path.join(ROOT, word)) for word in entry["native"]), entry["native"])


if __name__ == "__main__":
    unittest.main()
