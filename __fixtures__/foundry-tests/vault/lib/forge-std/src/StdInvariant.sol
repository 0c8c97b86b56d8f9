// SPDX-License-Identifier: MIT
pragma solidity >=0.8.13 <0.9.0;

/// Lookout's own stand-in for forge-std's invariant target lists: what the suite registers in
/// setUp(), read back by the runner through the public getters forge's invariant mode calls.
abstract contract StdInvariant {
    struct FuzzSelector {
        address addr;
        bytes4[] selectors;
    }

    struct FuzzInterface {
        address addr;
        string[] artifacts;
    }

    struct FuzzArtifactSelector {
        string artifact;
        bytes4[] selectors;
    }

    address[] private targeted;
    address[] private excluded;
    address[] private senders;
    address[] private excludedSenders;
    FuzzSelector[] private selectors;
    FuzzSelector[] private excludedSelectors;
    FuzzInterface[] private interfaces;
    string[] private artifacts;
    string[] private excludedArtifacts;
    FuzzArtifactSelector[] private artifactSelectors;

    function targetContract(address target) internal { targeted.push(target); }
    function excludeContract(address target) internal { excluded.push(target); }
    function targetSender(address sender) internal { senders.push(sender); }
    function excludeSender(address sender) internal { excludedSenders.push(sender); }
    function targetSelector(FuzzSelector memory selector) internal { selectors.push(selector); }
    function excludeSelector(FuzzSelector memory selector) internal { excludedSelectors.push(selector); }
    function targetInterface(FuzzInterface memory target) internal { interfaces.push(target); }
    function targetArtifact(string memory artifact) internal { artifacts.push(artifact); }
    function excludeArtifact(string memory artifact) internal { excludedArtifacts.push(artifact); }
    function targetArtifactSelector(FuzzArtifactSelector memory selector) internal { artifactSelectors.push(selector); }

    function targetContracts() public view returns (address[] memory) { return targeted; }
    function excludeContracts() public view returns (address[] memory) { return excluded; }
    function targetSenders() public view returns (address[] memory) { return senders; }
    function excludeSenders() public view returns (address[] memory) { return excludedSenders; }
    function targetSelectors() public view returns (FuzzSelector[] memory) { return selectors; }
    function excludeSelectors() public view returns (FuzzSelector[] memory) { return excludedSelectors; }
    function targetInterfaces() public view returns (FuzzInterface[] memory) { return interfaces; }
    function targetArtifacts() public view returns (string[] memory) { return artifacts; }
    function excludeArtifacts() public view returns (string[] memory) { return excludedArtifacts; }
    function targetArtifactSelectors() public view returns (FuzzArtifactSelector[] memory) { return artifactSelectors; }
}
