// the rule is shared with the server (its first-screen HTML draws the same picture): types/catalog/product-image.ts
export * from '../../../types/catalog/product-image'
