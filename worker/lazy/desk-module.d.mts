// What scripts/build-desk-module.ts builds to desk-module.mjs beside this file (decision 092).
export * from "../desk/desk-module";
