// The profile's user-facing texts (the settings page), to the letter (see shared/messages.ts).

export const PROFILE_MESSAGES = {
  settingsSaveFailed: "Failed to save settings.",
  settingsSaved: "Settings saved!",
  statusUpdateFailed: "Failed to update status. Please try again.",
  statusUpdatedActive: "Status updated to still looking",
  statusUpdatedUnavailable: "Status updated to unavailable",
  nameUpdated: "Name updated successfully!",
  searchDataLoadFailed: "Error loading search data.",
  birthdayRequiredForAgeRange: "Please enter a valid birthday to set age preferences",
  // ours: these fields are required, with no prescribed wording for a bad value
  displayNameRequired: "Please enter your name.",
  displayNameTooLong: "Please keep your name to 50 characters or fewer.",
  nameChangeOnly: "Only your name can be changed here.",
  unexpectedFields: "This request has fields that cannot be set here.",
  zipInvalid: "Please enter a 5-digit US ZIP code.",
  birthdayInvalid: "Please enter a valid birthday.",
  birthdayTooEarly: "Please enter a birthday in 1900 or later.",
  birthdayTooYoung: "You must be at least 18 years old to use Sam's Web.",
  radiusInvalid: "Please choose a search radius from 1 to 500 miles.",
  ageRangeOutOfBounds: "Please choose a minimum age from 18 up to 5 years below your own age.",
  // ours: limits on the fields a search reads (see ZIP_CHANGES_PER_DAY and the birthday limits)
  zipChangeLimit: "Your ZIP code can change 3 times a day. Please try again tomorrow.",
  birthdayChangeDailyLimit: "Your birthday can change once a day. Please try again tomorrow.",
  birthdayChangeLimit: "Your birthday has been changed 3 times and cannot be changed again.",
  statusChangeNotAllowed:
    "Please verify your email, complete your chat with Sam and upload your photos before changing your status.",
} as const;
