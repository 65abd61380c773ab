import ODataModel
import CLibEdit
import ArgumentParser
