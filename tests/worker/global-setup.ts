import type { TestProject } from "vitest/node";
import { startFakeGeocoder } from "./fake-servers/fake-geocoder";

/** Outside services the Worker talks to, as fakes on loopback for the whole run; tests `inject` their addresses. */
export default async function setup(project: TestProject) {
  const geocoder = await startFakeGeocoder();
  project.provide("fakeGeocoderUrl", geocoder.url);
  return () => geocoder.close();
}

declare module "vitest" {
  export interface ProvidedContext {
    fakeGeocoderUrl: string;
  }
}
