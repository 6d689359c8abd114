import type { TestProject } from "vitest/node";
import { startFakeGeocoder } from "./fake-geocoder";
import { startFakeRazorpay } from "./fake-razorpay";
import { startRecordingServer } from "./recording-server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The base address of the recording fake (recording-server.ts: message provider, and later payments). */
    fakeServerUrl: string;
    /** The fake Google Geocoding endpoint (fake-geocoder.ts). */
    fakeGeocoderUrl: string;
    /** The fake Razorpay's base (fake-razorpay.ts): the Worker's RAZORPAY_API_URL in payment tests. */
    fakeRazorpayUrl: string;
  }
}

/** Starts the fake outside services once for the whole run; the tests in workerd reach them on loopback with `inject`. */
export default async function setup(project: TestProject) {
  const [recorder, geocoder, razorpay] = await Promise.all([startRecordingServer(), startFakeGeocoder(), startFakeRazorpay()]);
  project.provide("fakeServerUrl", recorder.url);
  project.provide("fakeGeocoderUrl", geocoder.url);
  project.provide("fakeRazorpayUrl", razorpay.url);
  return async () => {
    await Promise.all([recorder.close(), geocoder.close(), razorpay.close()]);
  };
}
