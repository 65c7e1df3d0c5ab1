// `import KeelUIKitImages` brings KeelImages, whose pipeline, containers and transitions the
// image view loading takes.
@_exported import KeelImages
