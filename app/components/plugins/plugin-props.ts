/** What the plugin host gives each third-party plugin: its settings from the store, by name. */
export interface PluginProps {
  config: Record<string, string>;
}
