/** What the plugin host gives each third-party plugin: its settings from the store, by name, and its script's address. */
export interface PluginProps {
  config: Record<string, string>;
  src: string;
}
