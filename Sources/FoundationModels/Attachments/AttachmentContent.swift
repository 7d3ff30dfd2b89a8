/// A type that you use as the content of an ``Attachment``; ``ImageAttachmentContent`` is the
/// one the framework provides.
public protocol AttachmentContent {}
