import { Trash } from "@medusajs/icons"
import { Button, IconButton, Input, Label, Text } from "@medusajs/ui"
import { useRef, useState } from "react"
import { IMAGE_ACCEPT } from "../../../../src/lib/images"
import { formErrorsOf } from "../../../shared/form-errors"
import { api } from "../api"
import { Field } from "./field"
import { Thumbnail } from "./thumbnail"

/**
 * A product's images in display order (the first is its thumbnail), each removable: uploaded from the computer
 * (stored by the server's file module as soon as they are chosen, shown as they will be) or added by the address of
 * an image hosted elsewhere. The product keeps them when the form is saved.
 */
export function ImagesField({ images, onChange, error }: { images: string[]; onChange: (images: string[]) => void; error?: string }) {
  const [url, setUrl] = useState("")
  const [uploading, setUploading] = useState<string | null>(null)
  const [uploadError, setUploadError] = useState<string | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)

  const add = () => {
    if (!url.trim()) return
    onChange([...images, url.trim()])
    setUrl("")
  }

  /** Uploads the chosen files one after the other; the first refused stops the rest, its message under the field. */
  const upload = async (files: File[]) => {
    setUploadError(null)
    let added = images
    for (const file of files) {
      setUploading(file.name)
      try {
        const { file: stored } = await api.uploads.create(file, file.name)
        added = [...added, stored.url]
        onChange(added)
      } catch (caught) {
        const { fields, form } = formErrorsOf(caught, ["file"])
        setUploadError(`${file.name}: ${fields.file ?? form}`)
        break
      }
    }
    setUploading(null)
    if (fileInput.current) fileInput.current.value = ""
  }

  return (
    <Field id="image-file" label="Images" optional error={uploadError ?? error} hint="JPEG, PNG, WebP or GIF. The first image is the work's thumbnail.">
      {images.length > 0 && (
        <ul className="flex flex-wrap gap-3" aria-label="Images">
          {images.map((image, index) => (
            <li key={`${image}-${index}`} className="flex items-center gap-2" data-image={image}>
              <Thumbnail src={image} title={`Image ${index + 1}`} className="size-16" />
              <IconButton type="button" size="small" variant="transparent" aria-label={`Remove image ${index + 1}`} onClick={() => onChange(images.filter((_, i) => i !== index))}>
                <Trash />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={fileInput}
          id="image-file"
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          className="sr-only"
          aria-describedby={uploadError ?? error ? "image-file-error" : undefined}
          onChange={(e) => void upload(Array.from(e.target.files ?? []))}
        />
        <Button type="button" variant="secondary" size="small" isLoading={uploading !== null} onClick={() => fileInput.current?.click()}>
          Upload images
        </Button>
        {uploading !== null && (
          <Text size="xsmall" role="status" className="text-ui-fg-subtle">
            Uploading {uploading}…
          </Text>
        )}
      </div>
      <Label htmlFor="image-url" size="xsmall" className="text-ui-fg-subtle mt-1">
        Or the address (https://…) of an image hosted elsewhere
      </Label>
      <div className="flex gap-2">
        <Input
          id="image-url"
          placeholder="https://…"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault()
              add()
            }
          }}
        />
        <Button type="button" variant="secondary" size="small" onClick={add}>
          Add image
        </Button>
      </div>
    </Field>
  )
}
