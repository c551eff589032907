// The social network's tracking pixel (Meta pixel): the hosts its script, image beacon and
// requests use. app.ts adds them to the CSP only when AD_PIXEL_ID is set.
export const AD_PIXEL_HOSTS = {
  script: ["https://connect.facebook.net"],
  img: ["https://www.facebook.com"],
  connect: ["https://www.facebook.com", "https://connect.facebook.net"],
} as const;
