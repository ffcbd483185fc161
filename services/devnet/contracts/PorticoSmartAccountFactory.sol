// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import "@account-abstraction/contracts/accounts/SimpleAccount.sol";
import "@openzeppelin/contracts/interfaces/IERC1271.sol";
import "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import "@openzeppelin/contracts/utils/Create2.sol";

/**
 * The eth-infinitism SimpleAccount (EntryPoint v0.8) with ERC-1271, so a deployed account's signatures verify
 * (SIWE, name registration). The owner signs the hash bound to this account and chain, so a signature made
 * for the owner's own address, another of its accounts or another chain is not valid here.
 */
contract PorticoSmartAccount is SimpleAccount, IERC1271 {
    constructor(IEntryPoint anEntryPoint) SimpleAccount(anEntryPoint) {}

    /// The hash the owner signs for `hash` to be valid for this account on this chain.
    function replaySafeHash(bytes32 hash) public view returns (bytes32) {
        return keccak256(abi.encode(address(this), block.chainid, hash));
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (address signer, ECDSA.RecoverError error, ) = ECDSA.tryRecover(replaySafeHash(hash), signature);
        if (error == ECDSA.RecoverError.NoError && signer == owner) return IERC1271.isValidSignature.selector;
        return 0xffffffff;
    }
}

/**
 * SimpleAccountFactory v0.8 for PorticoSmartAccount, with `createAccount` open to any caller as in v0.7: the
 * account's address fixes its owner, so anyone deploying it deploys the owner's account. v0.8's factory
 * answers only the EntryPoint's SenderCreator, which makes ERC-6492 verification of an undeployed account
 * (the verifier calls the factory) impossible.
 */
contract PorticoSmartAccountFactory {
    PorticoSmartAccount public immutable accountImplementation;

    constructor(IEntryPoint entryPoint_) {
        accountImplementation = new PorticoSmartAccount(entryPoint_);
    }

    /// Deploys the owner's account, or answers it when it is already there.
    function createAccount(address owner, uint256 salt) public returns (PorticoSmartAccount ret) {
        address addr = getAddress(owner, salt);
        if (addr.code.length > 0) return PorticoSmartAccount(payable(addr));
        ret = PorticoSmartAccount(
            payable(
                new ERC1967Proxy{salt: bytes32(salt)}(
                    address(accountImplementation),
                    abi.encodeCall(SimpleAccount.initialize, (owner))
                )
            )
        );
    }

    /// The counterfactual address of the owner's account: the same before and after deployment.
    function getAddress(address owner, uint256 salt) public view returns (address) {
        return
            Create2.computeAddress(
                bytes32(salt),
                keccak256(
                    abi.encodePacked(
                        type(ERC1967Proxy).creationCode,
                        abi.encode(address(accountImplementation), abi.encodeCall(SimpleAccount.initialize, (owner)))
                    )
                )
            );
    }
}
