'use strict';
// Whether an answer is in the protocol's canonical forms (schema/protocol.schema.json), asked
// only where an answer differs from the case: a difference of form ("10D", "3") is the engine
// breaking the protocol, an error, not a wrong answer (as the Python runner judges).
const fs = require('node:fs');
const path = require('node:path');

let ajv = null;

function validator(definition) {
  if (ajv === null) {
    const Ajv2020 = require('ajv/dist/2020').default;
    ajv = new Ajv2020({ allErrors: false, strict: false });
    const folder = path.join(__dirname, '..', 'schema');
    for (const name of ['case.schema.json', 'protocol.schema.json']) {
      ajv.addSchema(JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8')));
    }
  }
  const ref = `https://spadespec.dev/schema/protocol.schema.json#/$defs/${definition}`;
  return ajv.getSchema(ref);
}

// What in `answers` is not canonical (`at $.legal[2]: ...`), or null.
function formProblem(definition, answers) {
  const validate = validator(definition);
  if (validate(answers)) return null;
  const error = validate.errors[0];
  const where = error.instancePath.split('/').slice(1)
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p.replace(/~1/g, '/').replace(/~0/g, '~')}`))
    .join('');
  return `at $${where}: ${error.message}`;
}

module.exports = { formProblem };
