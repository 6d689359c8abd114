import type { TestProject } from "vitest/node";
import { startRecordingServer } from "./recording-server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The base address of the fake outside services (recording-server.ts); tests read it with `inject`. */
    fakeServerUrl: string;
  }
}

/** Starts the fake outside services once for the whole run; the tests in workerd reach them on loopback. */
export default async function setup(project: TestProject) {
  const server = await startRecordingServer();
  project.provide("fakeServerUrl", server.url);
  return () => server.close();
}
