"""The balance lab's optional parts (the ``lab`` extra): Parquet results, plots and an HTML report, Ray."""
