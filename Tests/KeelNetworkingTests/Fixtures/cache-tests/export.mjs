// Writes the http-tests/cache-tests suite (tests/index.mjs) as JSON on standard output, as the
// suite's own test-engine/export.mjs does (without its Ajv import, used only to validate).
// Dates stay relative: an integer value of a date header is seconds from the server's "now".
//
//   node export.mjs /path/to/cache-tests > cache-tests.json
import path from 'path'
import { pathToFileURL } from 'url'

const root = process.argv[2] || '.'
const { default: tests } = await import(pathToFileURL(path.resolve(root, 'tests/index.mjs')))
console.log(JSON.stringify(tests, null, 2))
