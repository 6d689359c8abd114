import { holdCompiledCatalogues } from "../../scripts/i18n/compiled-catalogues";

holdCompiledCatalogues();
