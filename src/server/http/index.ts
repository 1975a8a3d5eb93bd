/** The public face of src/server/http (issue 16.4: callers import only this file). */

export { refuseUnreadableActionBodies } from './action-bodies';
export { apiError, BODY_MESSAGES, describeIssues, json, parseQuery, readRequestBody } from './api';
export { experimentCookies, withExperimentCookies } from './experiment-cookies';
export { answerUnexpectedFailures } from './failures';
export { checkFormOrigin, isForbiddenCrossOriginRequest } from './origin-check';
export { recordNotFound, requestRecord } from './request-log';
