/**
 * Spec section 5: "Product titles used in URLs drop these characters:
 * & / \ # , + ( ) $ ~ % . ' " : * ? < > { }." Spaces stay (they are encoded in the address).
 */
const DROPPED = /[&/\\#,+()$~%.'":*?<>{}]/g

export const cleanTitle = (title: string) => title.replace(DROPPED, '').replace(/\s+/g, ' ').trim()
