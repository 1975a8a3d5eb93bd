/** The public face of src/server/openapi (issue 16.4: callers import only this file). */
export { buildOpenApiDocument } from './document';
export { API_OPERATIONS } from './operations';
