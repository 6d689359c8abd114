import { type ComponentProps, type ComponentType, lazy } from "react";

/**
 * React.lazy that can be fetched ahead of use. Once preloaded it renders at once: React.lazy alone
 * suspends on its first render even when the module has already arrived, which would blank the
 * desktop shell's home page for a frame as the first dialog opens.
 */
// biome-ignore lint/suspicious/noExplicitAny: any component props, as React.lazy itself accepts
export function preloadable<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loaded: T | null = null;
  const Lazy = lazy(load);
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
    });
  function Preloadable(props: ComponentProps<T>) {
    const Component = (loaded ?? Lazy) as ComponentType<ComponentProps<T>>;
    return <Component {...props} />;
  }
  return { Component: Preloadable, preload };
}
