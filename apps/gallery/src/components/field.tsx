// The gallery's forms use the one form field of both apps.
export { Field, FormError } from "../../../shared/field"
