#!/usr/bin/env python3
"""Checks recorded HTTP responses against docs/openapi.yaml (OpenAPI 3.1, JSON Schema 2020-12).

Usage: openapi-validate.py OPENAPI_YAML RESPONSES_JSON

RESPONSES_JSON is a list of {"path": "/v1/photos/{id}", "method": "get", "status": 200,
"contentType": "application/json", "headers": {...}, "body": "<text>"}; `path` is the document's
path template. Each response's status must be documented for the operation, its content type
listed, and a JSON body valid against the schema; headers with a schema are checked too. Prints
one line per problem and "N passed, N failed"; exits 1 on any failure.
"""
import json
import sys

import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

DOCUMENT_URI = "urn:photofeed:openapi"


def main(spec_path, responses_path):
    with open(spec_path) as spec_file:
        spec = yaml.safe_load(spec_file)
    registry = Registry().with_resource(DOCUMENT_URI, Resource(contents=spec, specification=DRAFT202012))
    with open(responses_path) as responses_file:
        responses = json.load(responses_file)

    def resolve(node):
        while isinstance(node, dict) and "$ref" in node:
            pointer = node["$ref"].lstrip("#/").split("/")
            node = spec
            for part in pointer:
                node = node[part]
        return node

    def validate(schema, instance):
        validator = Draft202012Validator(schema, registry=registry)
        return [error.message for error in validator.iter_errors(instance)]

    def rewrite_refs(node):
        # Local "#/components/…" references point into the registered document.
        if isinstance(node, dict):
            return {key: (DOCUMENT_URI + value if key == "$ref" and value.startswith("#") else rewrite_refs(value))
                    for key, value in node.items()}
        if isinstance(node, list):
            return [rewrite_refs(value) for value in node]
        return node

    passed = failed = 0
    for response in responses:
        where = f'{response["method"].upper()} {response["path"]} {response["status"]}'
        problems = []
        operation = spec["paths"].get(response["path"], {}).get(response["method"])
        if operation is None:
            problems.append("no such operation in the document")
        else:
            documented = resolve(operation["responses"].get(str(response["status"])))
            if documented is None:
                problems.append(f'status {response["status"]} is not documented')
            else:
                content = documented.get("content", {})
                media = response.get("contentType", "").split(";")[0].strip()
                if content:
                    if media not in content:
                        problems.append(f"content type {media!r} is not one of {sorted(content)}")
                    elif media.endswith("json"):
                        schema = rewrite_refs(content[media].get("schema", {}))
                        try:
                            body = json.loads(response["body"])
                        except ValueError as error:
                            problems.append(f"body is not JSON: {error}")
                        else:
                            problems += validate(schema, body)
                elif response.get("body"):
                    problems.append("a body where the document describes none")
                for name, header in documented.get("headers", {}).items():
                    header = resolve(header)
                    value = {key.lower(): value for key, value in response.get("headers", {}).items()}.get(name.lower())
                    if value is None or "schema" not in header:
                        continue
                    schema = rewrite_refs(header["schema"])
                    if schema.get("type") == "integer":
                        try:
                            value = int(value)
                        except ValueError:
                            problems.append(f"header {name}: {value!r} is not an integer")
                            continue
                    problems += [f"header {name}: {message}" for message in validate(schema, value)]
        if problems:
            failed += 1
            for problem in problems:
                print(f"{where}: {problem}")
        else:
            passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
