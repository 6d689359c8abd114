/**
 * Numbered placeholders for a statement whose shape depends on its input (a listing with any number of filters): each
 * value is bound once, in the order first asked for, and its placeholder (`?3`) written where it is used (decision 003:
 * numbered, never bare). D1 binds at most 100 values a statement; callers bound their input below that.
 */
export class SqlBinder {
  readonly values: (string | number | null)[] = [];
  private readonly at = new Map<string | number | null, string>();

  bind(value: string | number | null): string {
    let placeholder = this.at.get(value);
    if (!placeholder) {
      this.values.push(value);
      placeholder = `?${this.values.length}`;
      this.at.set(value, placeholder);
    }
    return placeholder;
  }
}
