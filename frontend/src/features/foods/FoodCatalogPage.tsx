export function FoodCatalogPage() {
  return null;
}
