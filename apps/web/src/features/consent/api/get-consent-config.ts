import { CONSENT_CONFIG_PATH, type ConsentConfigResponse } from "@sams-web/domain/consent/contracts";
import { apiFetch } from "../../../lib/api-client.ts";

export function getConsentConfig(): Promise<ConsentConfigResponse> {
  return apiFetch<ConsentConfigResponse>(CONSENT_CONFIG_PATH);
}
