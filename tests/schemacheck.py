#!/usr/bin/python3
"""schemacheck.py SCHEMA JSON - validate JSON against the subset of JSON
Schema (draft 7) that docs/report.schema.json uses: type, required,
properties, additionalProperties (false or a schema) and items.  Exit 1
with every violation listed."""
import json
import sys

TYPES = {'object': dict, 'array': list, 'string': str, 'integer': int}


def check(schema, value, where, errors):
    want = schema.get('type')
    if want and (not isinstance(value, TYPES[want]) or
                 (want == 'integer' and isinstance(value, bool))):
        errors.append(f'{where}: not {want}: {value!r}')
        return
    if want == 'object':
        for key in schema.get('required', []):
            if key not in value:
                errors.append(f'{where}: lacks "{key}"')
        props = schema.get('properties', {})
        extra = schema.get('additionalProperties', True)
        for key, item in value.items():
            if key in props:
                check(props[key], item, f'{where}.{key}', errors)
            elif extra is False:
                errors.append(f'{where}: unexpected "{key}"')
            elif isinstance(extra, dict):
                check(extra, item, f'{where}.{key}', errors)
    if want == 'array' and 'items' in schema:
        for i, item in enumerate(value):
            check(schema['items'], item, f'{where}[{i}]', errors)


def main():
    with open(sys.argv[1], encoding='utf-8') as f:
        schema = json.load(f)
    with open(sys.argv[2], encoding='utf-8') as f:
        value = json.load(f)
    errors = []
    check(schema, value, '$', errors)
    for e in errors:
        print(f'{sys.argv[2]}: {e}')
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
