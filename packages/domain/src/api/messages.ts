// Messages about a request itself, whatever route it is for (ours: the product prescribes none).
export const API_MESSAGES = {
  textHasNulCharacter: "Text cannot contain the NUL character (U+0000). Please remove it and try again.",
} as const;
