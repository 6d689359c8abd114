import type { TestProject } from "vitest/node";
import { startFakeGeocoder } from "./fake-geocoder";
import { startRecordingServer } from "./recording-server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The base address of the recording fake (recording-server.ts: message provider, and later payments). */
    fakeServerUrl: string;
    /** The fake Google Geocoding endpoint (fake-geocoder.ts). */
    fakeGeocoderUrl: string;
  }
}

/** Starts the fake outside services once for the whole run; the tests in workerd reach them on loopback with `inject`. */
export default async function setup(project: TestProject) {
  const [recorder, geocoder] = await Promise.all([startRecordingServer(), startFakeGeocoder()]);
  project.provide("fakeServerUrl", recorder.url);
  project.provide("fakeGeocoderUrl", geocoder.url);
  return async () => {
    await Promise.all([recorder.close(), geocoder.close()]);
  };
}
