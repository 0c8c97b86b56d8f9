// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Test} from "forge-std/Test.sol";
import {Token} from "../../src/Token.sol";
import {Vault} from "../../src/Vault.sol";

/// setUp() deploys a token and a vault; each test contract below narrows forge's invariant targets
/// by artifact name instead of by address.
abstract contract TokenAndVault is Test {
    Token internal token;
    Vault internal vault;

    function setUp() public virtual {
        token = new Token();
        vault = new Vault(token);
    }

    function invariant_vaultHoldsItsAssets() public view {
        assertGe(token.balanceOf(address(vault)), 0);
    }
}

/// targetArtifact by contract name: the vault, every state-changing function of it; not the token.
contract TargetArtifactsTest is TokenAndVault {
    function setUp() public override {
        super.setUp();
        targetArtifact("Vault");
    }
}

/// excludeArtifact by path and name: the token is left out, the vault stays.
contract ExcludeArtifactsTest is TokenAndVault {
    function setUp() public override {
        super.setUp();
        excludeArtifact("src/Token.sol:Token");
    }
}

/// targetArtifactSelector wins over excludeArtifact: the vault's deposit() alone.
contract TargetArtifactSelectorsTest is TokenAndVault {
    function setUp() public override {
        super.setUp();
        bytes4[] memory selectors = new bytes4[](1);
        selectors[0] = Vault.deposit.selector;
        targetArtifactSelector(FuzzArtifactSelector({artifact: "src/Vault.sol:Vault", selectors: selectors}));
        excludeArtifact("src/Vault.sol:Vault");
    }
}

/// An artifact no contract of the build has: forge fails the invariants with it, Lookout skips the test contract.
contract UnknownArtifactTest is TokenAndVault {
    function setUp() public override {
        super.setUp();
        targetArtifact("src/Pool.sol:Pool");
    }
}

/// A selector the named contract does not have.
contract MissingSelectorTest is TokenAndVault {
    function setUp() public override {
        super.setUp();
        bytes4[] memory selectors = new bytes4[](1);
        selectors[0] = Token.mint.selector;
        targetArtifactSelector(FuzzArtifactSelector({artifact: "Vault", selectors: selectors}));
    }
}
