// Messages about a request itself, whatever route it is for (ours: the product prescribes none).
// Their keys are the codes of the errors no feature names: a route or callable that does not exist,
// a body that is not what the route takes, a failure on our side.
export const API_MESSAGES = {
  textHasNulCharacter: "Text cannot contain the NUL character (U+0000). Please remove it and try again.",
  noRoute: "There is no such page or resource.",
  noSuchCallable: "There is no such callable.",
  invalidRequest: "Invalid request.",
  invalidEnvelope: 'The body must be {"data": …}.',
  requestTooLarge: "The request is too large.",
  invalidJson: "The request body is not valid JSON.",
  serverError: "Something went wrong on our side. Please try again.",
  crossSiteRequest: "Requests from another site are not allowed.",
} as const;
