/// PhotoFeed's release: what `photofeed --version` prints and `photofeed_build_info` labels.
public enum ReleaseVersion {
    public static let number = "0.1.0"
}
