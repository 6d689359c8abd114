import type { Category } from "../../../worker/store-data/store-data";
import { CategoryTile } from "../category-tile";

interface Props {
  title?: string;
  categories: Category[];
  /** A horizontal strip on phones; desktop shows it as the grid, as the spec says. */
  strip?: boolean;
}

export function CategoryBlock({ title, categories, strip = false }: Props) {
  const code = strip ? "categories_horizontal_strip" : "categories_grid";
  return (
    <section data-testid={`block-${code}`}>
      {title ? <h2 className="section-title">{title}</h2> : null}
      <div
        className={
          strip ? "strip md:grid md:grid-cols-6 md:overflow-visible lg:grid-cols-8" : "grid grid-cols-4 gap-2 md:grid-cols-6 lg:grid-cols-8"
        }
      >
        {categories.map((category) => (
          <CategoryTile key={category.id} category={category} className={strip ? "w-24 shrink-0 snap-start md:w-auto" : ""} />
        ))}
      </div>
    </section>
  );
}
