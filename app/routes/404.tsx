// /404 is the page any path no other route claims gets: the catch-all route's module, under its own address.
export { default, ErrorBoundary, headers, loader } from "./$";
