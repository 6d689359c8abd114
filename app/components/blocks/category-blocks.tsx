import type { Category } from "../../../worker/store-data/store-data";
import { CategoryTile } from "../category-tile";
import { BlockSection } from "./block-section";

interface Props {
  /** The strip is a horizontal strip on phones; desktop shows it as the grid, as the spec says. */
  code: "categories_grid" | "categories_horizontal_strip";
  title?: string;
  categories: Category[];
}

export function CategoryBlock({ code, title, categories }: Props) {
  const strip = code === "categories_horizontal_strip";
  return (
    <BlockSection code={code} title={title}>
      <div
        className={
          strip
            ? "strip desktop:grid desktop:grid-cols-6 desktop:overflow-visible lg:grid-cols-8"
            : "grid grid-cols-4 gap-2 desktop:grid-cols-6 lg:grid-cols-8"
        }
      >
        {categories.map((category) => (
          <CategoryTile key={category.id} category={category} className={strip ? "w-24 shrink-0 snap-start desktop:w-auto" : ""} />
        ))}
      </div>
    </BlockSection>
  );
}
